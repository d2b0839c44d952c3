import { describe, expect, test } from 'vitest';
import { splitLinks } from './split-links.ts';

describe('splitLinks', () => {
  test('text without an address stays one piece of text', () => {
    expect(splitLinks('Hello Ada,\nwelcome.')).toEqual([{ kind: 'text', text: 'Hello Ada,\nwelcome.' }]);
  });

  test('an address in a sentence becomes a link and the sentence full stop stays text', () => {
    expect(splitLinks('Open http://localhost:3000/verify-email?token=ab_c1. Thanks')).toEqual([
      { kind: 'text', text: 'Open ' },
      {
        kind: 'link',
        text: 'http://localhost:3000/verify-email?token=ab_c1',
        href: 'http://localhost:3000/verify-email?token=ab_c1',
      },
      { kind: 'text', text: '. Thanks' },
    ]);
  });

  test('an address inside parentheses does not swallow the closing parenthesis', () => {
    const parts = splitLinks('(see https://example.com/a)');
    expect(parts[1]).toEqual({ kind: 'link', text: 'https://example.com/a', href: 'https://example.com/a' });
    expect(parts[2]).toEqual({ kind: 'text', text: ')' });
  });

  test('a parenthesis that belongs to the address is kept', () => {
    const parts = splitLinks('https://en.wikipedia.org/wiki/Bond_(finance) is useful');
    expect(parts[0]).toMatchObject({ kind: 'link', text: 'https://en.wikipedia.org/wiki/Bond_(finance)' });
  });

  test('schemes other than http and https are never made links', () => {
    expect(splitLinks('javascript:alert(1) and data:text/html,hi')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) and data:text/html,hi' },
    ]);
  });

  test('markup in the text is not interpreted: an address stops at a quote or angle bracket', () => {
    const parts = splitLinks('<a href="https://evil.example/x">click</a>');
    expect(parts.filter((p) => p.kind === 'link')).toEqual([
      { kind: 'link', text: 'https://evil.example/x', href: 'https://evil.example/x' },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe('<a href="https://evil.example/x">click</a>');
  });

  test('several addresses keep the text between them', () => {
    const parts = splitLinks('a https://a.example b https://b.example');
    expect(parts.map((p) => p.kind)).toEqual(['text', 'link', 'text', 'link']);
    expect(parts.map((p) => p.text).join('')).toBe('a https://a.example b https://b.example');
  });
});
