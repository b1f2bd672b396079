/**
 * The path and raw query of a request target. Servers must accept the absolute form
 * ("GET http://host/healthz", RFC 9112 §3.2.2) as well as the usual origin form ("/healthz").
 */
export function splitTarget(target: string | undefined): { path: string; query: string } {
  let rest = target ?? '/';
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(rest);
  if (scheme !== null) rest = rest.slice(scheme[0].length);
  if (!rest.startsWith('/')) rest = `/${rest}`;
  const mark = rest.indexOf('?');
  return mark === -1 ? { path: rest, query: '' } : { path: rest.slice(0, mark), query: rest.slice(mark + 1) };
}
