/**
 * Small forward-only scanners over campaign HTML. Campaign content is up to 1.9 MB and comes
 * from a form, so nothing here backtracks: every helper reads each character a bounded number
 * of times, whatever the input (an unclosed `<a`, `<!--` or `<style` included).
 */

/** One piece of the input to replace: `[start, end)` becomes `text`. */
export interface Replacement {
  start: number;
  end: number;
  text: string;
}

/** The longest tag name the scanners look for (`blockquote`). */
const LONGEST_TAG_NAME = 10;
const WHITESPACE = /\s/;

/** The characters of `\w`, which end a tag name the way `\b` does. */
export function isWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

/**
 * The tag name starting at `at` (the word characters there) in lower case, or '' when there is
 * none or it is longer than any name looked for.
 */
export function tagNameAt(s: string, at: number): string {
  let end = at;
  while (end < s.length && isWordChar(s.charCodeAt(end))) {
    end += 1;
    if (end - at > LONGEST_TAG_NAME) return '';
  }
  return s.slice(at, end).toLowerCase();
}

/** Whether `text` (written in lower case) is at `at`, its letters in any case. */
export function hasTextAt(s: string, at: number, text: string): boolean {
  if (at < 0 || at + text.length > s.length) return false;
  for (let i = 0; i < text.length; i += 1) {
    const want = text.charCodeAt(i);
    const code = s.charCodeAt(at + i);
    if (code !== want && !(want >= 97 && want <= 122 && code === want - 32)) return false;
  }
  return true;
}

/** Where the first `</name>` (any case, spaces allowed before `>`) at or after `from` is. */
export function closingTag(s: string, name: string, from: number): { start: number; end: number } | undefined {
  for (let at = s.indexOf('</', from); at >= 0; at = s.indexOf('</', at + 2)) {
    if (!hasTextAt(s, at + 2, name)) continue;
    let end = at + 2 + name.length;
    while (end < s.length && WHITESPACE.test(s[end])) end += 1;
    if (s[end] === '>') return { start: at, end: end + 1 };
  }
  return undefined;
}

/**
 * Replaces what `next` finds, left to right. `next(from)` returns the first replacement that
 * starts at or after `from`, or undefined when there is none left; the scan goes on after it.
 */
export function replaceEach(s: string, next: (from: number) => Replacement | undefined): string {
  const parts: string[] = [];
  let copied = 0;
  for (let found = next(0); found; found = next(copied)) {
    if (found.start > copied) parts.push(s.slice(copied, found.start));
    if (found.text) parts.push(found.text);
    copied = found.end;
  }
  parts.push(s.slice(copied));
  return parts.join('');
}

/** Whether the text at `at`, just after a `<`, opens a tag of the kind looked for. */
export type TagTest = (s: string, at: number) => boolean;

/**
 * Finds tags `<…>` (up to the first `>`) that `opens` accepts, replaced by what `text` makes of
 * the whole tag. A tag with no `>` after it is left as it is, and so is every later one (none of
 * them has a `>` either).
 */
export function tags(s: string, opens: TagTest, text: (tag: string) => string): (from: number) => Replacement | undefined {
  return (from) => {
    for (let lt = s.indexOf('<', from); lt >= 0; lt = s.indexOf('<', lt + 1)) {
      if (!opens(s, lt + 1)) continue;
      const gt = s.indexOf('>', lt + 1);
      if (gt < 0) return undefined;
      return { start: lt, end: gt + 1, text: text(s.slice(lt, gt + 1)) };
    }
    return undefined;
  };
}
