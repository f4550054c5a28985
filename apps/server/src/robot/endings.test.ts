import { describe, expect, it } from 'vitest';
import { markedPartway } from './endings.js';
import { ROBOT_NOTICES } from './notices.js';

const { en } = ROBOT_NOTICES;

describe('an answer that stopped partway', () => {
  it('given plain text, should end it with an ellipsis, then the notice and the offer', () => {
    expect(markedPartway('Shipping is', 'cut', en)).toBe(`Shipping is…\n\n${en.cut} ${en.offer}`);
  });

  it.each([
    ['a backtick block', 'Run:\n\n```sh\ntrack 42', 'Run:\n\n```sh\ntrack 42\n```'],
    ['a tilde block', 'Run:\n\n~~~\ntrack 42', 'Run:\n\n~~~\ntrack 42\n~~~'],
    ['a longer fence', 'Run:\n\n````\n```\ninner', 'Run:\n\n````\n```\ninner\n````'],
  ])('given %s left open, should close it so the notice is read as text', (_case, text, closed) => {
    expect(markedPartway(text, 'interrupted', en)).toBe(`${closed}\n\n${en.interrupted} ${en.offer}`);
  });

  it('given a block already closed, should only add the ellipsis', () => {
    expect(markedPartway('```\nx\n```\nthen', 'cut', en)).toBe(
      `\`\`\`\nx\n\`\`\`\nthen…\n\n${en.cut} ${en.offer}`,
    );
  });
});
