/** A keyword as an ILIKE pattern: its own %, _ and \\ taken literally; an empty one matches everything. */
export function likePattern(keyword: string): string {
  return keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '%';
}
