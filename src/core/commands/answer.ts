import type { ChatCompareReply } from '../../compare/chat.js';
import type { Reply } from '../lookup.js';
import type { JsonValue } from '../state/store.js';

/**
 * A short informational answer (the datasets and their licences, say) that every renderer lays out
 * the same way: a title, a line of introduction, items each with a heading, lines and a link, and a
 * footer. A command that answers with one needs no renderer of its own.
 */
export interface InfoView {
  title: string;
  intro: string | null;
  items: { heading: string; lines: string[]; link: { label: string; url: string } | null }[];
  footer: string | null;
}

export type InfoAnswer = {
  type: 'info';
  info: InfoView;
  /** What `--json` prints for it. */
  data: JsonValue;
};

/** Everything a command may answer: a lookup, help or an error (Reply), a comparison, or an info list. */
export type Answer = Reply | ChatCompareReply | InfoAnswer;

/** How a command ended, for its log line and the CLI's exit code. */
export type Outcome =
  | 'answered'
  | 'help'
  | 'usage'
  | 'too_few'
  | Extract<Answer, { type: 'error' }>['error']['code'];

export function outcomeOf(answer: Answer): Outcome {
  switch (answer.type) {
    case 'result':
    case 'info':
      return 'answered';
    case 'help':
      return answer.help.hint === null ? 'help' : 'usage';
    case 'compare':
      return answer.result.status === 'ranked' ? 'answered' : 'too_few';
    case 'error':
      return answer.error.code;
  }
}
