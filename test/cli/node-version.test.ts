import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE, unsupportedNode } from '../../src/cli/node-version.js';

describe('unsupportedNode', () => {
  it('accepts the minimum and anything newer', () => {
    expect(unsupportedNode('22.19.0')).toBeNull();
    expect(unsupportedNode('22.23.3')).toBeNull();
    expect(unsupportedNode('24.0.0')).toBeNull();
    expect(unsupportedNode('26.1.0')).toBeNull();
  });

  it('refuses an older Node.js with one line naming both versions', () => {
    expect(unsupportedNode('20.20.2')).toBe(
      'carbon needs Node.js 22.19 or later (this is 20.20.2); install Node.js 22 or 24 LTS.',
    );
    expect(unsupportedNode('22.18.9')).toContain('22.19 or later');
  });

  it('says what package.json engines says', () => {
    const engines = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).engines
      .node;
    expect(engines).toBe(`>=${MINIMUM_NODE.join('.')}.0`);
  });
});
