import type { IncomingMessage } from 'node:http';
import { type CodedError, ErrorCode } from '@slack/oauth';
import { slackErrorCode } from './reply.js';

/** What the person installing sees when the install did not go through, and the HTTP status. */
export interface InstallFailurePage {
  status: number;
  /** For the log: which kind of failure, never a value from the request. */
  reason: 'cancelled' | 'bad_state' | 'no_code' | 'slack_refused' | 'not_saved';
  text: string;
}

/**
 * The install flow's failures in words, each with the way forward. @slack/oauth's default page
 * says only "Oops, Something Went Wrong!" and an error code; these say whether to start again,
 * and the state problems (the usual case: a link opened twice, late, or in another browser) are
 * told apart from Slack refusing the exchange and from the database failing to keep the install.
 */
export function installFailurePage(
  error: CodedError,
  req: IncomingMessage,
  installPath: string,
): InstallFailurePage {
  const again = `Start again from <a href="${escapeHtml(installPath)}">Add to Slack</a>.`;
  if (new URL(req.url ?? '/', 'http://localhost').searchParams.get('error') === 'access_denied') {
    return { status: 400, reason: 'cancelled', text: `The installation was cancelled. ${again}` };
  }
  switch (error.code) {
    case ErrorCode.MissingStateError:
    case ErrorCode.InvalidStateError:
      return {
        status: 400,
        reason: 'bad_state',
        text: `This install link has expired (after ten minutes), was used already, or was opened in another browser than the one that started it. ${again}`,
      };
    case ErrorCode.MissingCodeError:
      return { status: 400, reason: 'no_code', text: `Slack did not send an authorisation code. ${again}` };
    default: {
      const slackCode = slackErrorCode(error);
      if (slackCode !== null) {
        return {
          status: 502,
          reason: 'slack_refused',
          text: `Slack refused the installation (${escapeHtml(slackCode)}). ${again} If it keeps happening, tell whoever runs Carbon: its SLACK_CLIENT_ID or SLACK_CLIENT_SECRET may be wrong.`,
        };
      }
      return {
        status: 503,
        reason: 'not_saved',
        text: `Carbon could not finish the installation on its side. Try again in a minute: ${again}`,
      };
    }
  }
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

export function installPageHtml(title: string, text: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}</style>
</head>
<body><h1>${escapeHtml(title)}</h1><p>${text}</p></body>
</html>
`;
}
