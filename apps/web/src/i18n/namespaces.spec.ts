import { describe, expect, it } from '@jest/globals';
import { resources, UI_STRING_NAMESPACES } from '@schoolflow/contracts';
import { shippedMessages } from './i18n.js';
import { FEATURE_NAMESPACES, FIRST_NAMESPACES, PUBLIC_FEATURE_NAMESPACES, SERVER_ONLY_NAMESPACES, SHELL_NAMESPACES } from './namespaces.js';

// docs/adr/0084-the-shell-in-few-chunks.md: a public area has a chunk of its own, the session's areas one per language
describe('the namespaces the browser loads', () => {
  it('given the two lists, then no area is in both: its loader would be the shell chunk, and a public page would fetch every area', () => {
    const both = PUBLIC_FEATURE_NAMESPACES.filter((ns) => (SHELL_NAMESPACES as readonly string[]).includes(ns));
    expect(both).toEqual([]);
    expect(new Set(FEATURE_NAMESPACES).size).toBe(FEATURE_NAMESPACES.length);
  });

  it('given the namespaces the contracts ship, then each is first, a feature area or server-only (one listed nowhere would never reach a session)', () => {
    const listed = [...FIRST_NAMESPACES, ...FEATURE_NAMESPACES, ...SERVER_ONLY_NAMESPACES].sort();
    expect(listed).toEqual(Object.keys(resources.zh).sort());
    expect(listed).toEqual([...UI_STRING_NAMESPACES].sort());
  });

  it.each(['zh', 'en'] as const)('given %s, when each area is read as a page would, then it is the shipped messages', async (lang) => {
    for (const ns of FEATURE_NAMESPACES) {
      // the server's copy of the same language (libs/contracts locales index) is the reference
      await expect(shippedMessages(lang, ns)).resolves.toEqual((resources[lang] as Record<string, unknown>)[ns]);
    }
  });
});
