import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The two checks that keep the catalogues whole (docs/languages.md, "Two rules keep the
 * catalogues whole") bite: `npm run lint` refuses a guest-facing text left inline, and
 * `node scripts/messages.mjs --check` (in `npm run lint` too) refuses a message with no Hindi or
 * Tamil text, and a message the code marks that the catalogues do not hold.
 */
const ROOT = join(__dirname, '..');
const ESLINT = join(ROOT, 'node_modules', '.bin', 'eslint');

/** ESLint's findings of `ruleId` in `source`, as if the file stood at `path`, with the project's config. */
function lint(path: string, source: string, ruleId: string): string[] {
  let output: string;
  try {
    output = execFileSync(ESLINT, ['--format', 'json', '--stdin', '--stdin-filename', path], {
      cwd: ROOT,
      input: source,
      encoding: 'utf8',
    });
  } catch (error) {
    // ESLint exits 1 when it reports an error; its JSON report is still on stdout.
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  const [result] = JSON.parse(output) as { messages: { ruleId: string | null; message: string }[] }[];
  return result.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

/**
 * A copy of the repository's tracked text files (no images or fonts), with its node_modules
 * linked: the catalogue check runs on it, so a test can break a catalogue or a component without
 * touching the working tree other suites read at the same time.
 */
function copyOfRepository(): string {
  const copy = mkdtempSync(join(tmpdir(), 'festival-catalogues-'));
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
  for (const file of tracked.filter((f) => f !== '' && !/\.(png|jpe?g|woff2?|ico)$/.test(f))) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(ROOT, file), join(copy, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}

function checkCatalogues(root: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'messages.mjs'), '--check'], { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** `po` with the translation of `msgid` emptied. */
function withoutTranslation(po: string, msgid: string): string {
  const entry = new RegExp(`(msgid ${JSON.stringify(msgid).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\nmsgstr )"[^\\n]*"`);
  if (!entry.test(po)) throw new Error(`No message ${msgid} in the catalogue`);
  return po.replace(entry, '$1""');
}

describe('the catalogue checks in npm run lint', () => {
  jest.setTimeout(120_000);

  it('refuses a guest-facing text left inline in a translated page, and lets a marked one through', () => {
    const path = 'public-site/src/features/landing/components/catalogue-check.tsx';
    const inline = lint(path, 'export function Note() {\n  return <p>Book your table today</p>;\n}\n', 'lingui/no-unlocalized-strings');
    expect(inline).toHaveLength(1);

    const marked = lint(
      path,
      "import { Trans } from '@lingui/react/macro';\nexport function Note() {\n  return (\n    <p>\n      <Trans>Book your table today</Trans>\n    </p>\n  );\n}\n",
      'lingui/no-unlocalized-strings',
    );
    expect(marked).toEqual([]);
  });

  describe('scripts/messages.mjs --check, on a copy of the repository', () => {
    let copy: string;
    beforeAll(() => {
      copy = copyOfRepository();
    });
    afterAll(() => rmSync(copy, { recursive: true, force: true }));

    it('passes on the catalogues as they are', () => {
      const { status, output } = checkCatalogues(copy);
      expect(output).toContain('The message catalogues hold every message the code marks, in every language.');
      expect(status).toBe(0);
    });

    it('fails, naming the catalogue and the message, when a Hindi or a Tamil text is missing', () => {
      const hindi = join(copy, 'public-site/src/locales/landing/hi.po');
      const tamil = join(copy, 'drinks-app/src/locales/menu/ta.po');
      const [hindiBefore, tamilBefore] = [readFileSync(hindi, 'utf8'), readFileSync(tamil, 'utf8')];
      writeFileSync(hindi, withoutTranslation(hindiBefore, 'Reserve Your Tickets Now'));
      writeFileSync(tamil, withoutTranslation(tamilBefore, 'Add to Cart'));
      try {
        const { status, output } = checkCatalogues(copy);
        expect(status).toBe(1);
        expect(output).toContain('public-site/src/locales/landing/hi.po: no hi text for "Reserve Your Tickets Now"');
        expect(output).toContain('drinks-app/src/locales/menu/ta.po: no ta text for "Add to Cart"');
      } finally {
        writeFileSync(hindi, hindiBefore);
        writeFileSync(tamil, tamilBefore);
      }
    });

    it('fails when the code marks a message the catalogues do not hold', () => {
      const component = join(copy, 'public-site/src/features/landing/components/closed-card.tsx');
      const before = readFileSync(component, 'utf8');
      writeFileSync(
        component,
        `${before}\nexport function CatalogueCheck() {\n  return <Trans>A message no catalogue holds yet</Trans>;\n}\n`,
      );
      try {
        const { status, output } = checkCatalogues(copy);
        expect(status).toBe(1);
        expect(output).toContain('public-site/src/locales/landing/en.po is not what the code marks');
      } finally {
        writeFileSync(component, before);
      }
    });
  });
});
