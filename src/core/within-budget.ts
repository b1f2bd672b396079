/**
 * Slack and Discord both want an answer within 3 seconds: adapters race the lookup against a budget
 * and fall back to a deferred reply when it is late.
 */
/** Resolves with the promise's value if it settles within `ms`, otherwise with `late`. */
export async function withinBudget<T, L>(promise: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<L>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
