import { describe, expect, it } from '@jest/globals';
import { resources } from './index.js';
import { flattenStrings } from '../ui-strings-bundle.js';

// Every message names the same {{placeholders}} in both languages: one the other language lacks is shown raw to its
// readers ("Reason: {{reason}}" stood on the English leave form where the Chinese label had none).
/** Keys whose placeholders differ on purpose. */
const BY_DESIGN = new Set([
  // English dates name the month (29 November 2026); Chinese ones number it (2026年11月29日)
  'documents:certificate.date',
  'grades:report.pdf.date',
  // the hint shows the placeholder syntax itself; the Chinese one writes its name in Chinese ({{占位符}})
  'languages:page.hint',
]);
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]))].sort();

describe('locale placeholders', () => {
  it('are the same in zh and en for every key of every namespace', () => {
    const differ: string[] = [];
    for (const ns of Object.keys(resources.zh)) {
      const zh = flattenStrings((resources.zh as Record<string, unknown>)[ns]);
      const en = flattenStrings((resources.en as Record<string, unknown>)[ns]);
      for (const [key, text] of Object.entries(zh)) {
        const other = en[key];
        if (BY_DESIGN.has(`${ns}:${key}`)) continue;
        if (other !== undefined && placeholders(text).join() !== placeholders(other).join()) differ.push(`${ns}:${key} zh [${placeholders(text).join()}] en [${placeholders(other).join()}]`);
      }
    }
    expect(differ).toEqual([]);
  });
});
