import type { CertifiedGrade } from '../../workflow/certificates/certificate.repository.js';

/**
 * A student's published grades, as a grade proof lists them on the day it is issued (DESIGN.md §7, §9). Grades are
 * entered, confirmed and published by the grades module (issue 10), which does not exist yet: until it does, no grade
 * is published anywhere and a grade proof says so. That module answers this with its published scores.
 */
export async function publishedGrades(): Promise<CertifiedGrade[]> {
  return [];
}
