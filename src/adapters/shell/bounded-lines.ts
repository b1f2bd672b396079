import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/**
 * Passes text through with every line cut to `maxLine` characters plus one (so a line over the
 * limit is still seen to be, and answered "names are limited to …"); the rest of a longer line is
 * dropped as it arrives. readline keeps a line whole until its end (a 100 MB line from a pipe
 * measured some 3 GB and 15 s there), so cutting here bounds memory by the limit and keeps time linear.
 */
export function boundLines(maxLine: number): Transform {
  const decoder = new StringDecoder('utf8');
  // Characters kept of the current line, counted up to maxLine + 1.
  let kept = 0;
  const cut = (text: string): string => {
    let out = '';
    let start = 0;
    while (start < text.length) {
      const newline = text.indexOf('\n', start);
      const end = newline === -1 ? text.length : newline;
      const room = maxLine + 1 - kept;
      if (room > 0) {
        const piece = text.slice(start, Math.min(end, start + room));
        out += piece;
        kept += piece.length;
      }
      if (newline === -1) break;
      out += '\n';
      kept = 0;
      start = newline + 1;
    }
    return out;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      const text = cut(decoder.write(chunk));
      callback(null, text === '' ? undefined : text);
    },
    flush(callback: TransformCallback) {
      const text = cut(decoder.end());
      callback(null, text === '' ? undefined : text);
    },
  });
}
