/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../../..');

/**
 * Lints each text as if it were the file at that path, with the repository's eslint.config.js
 * (ESLint's API, in a child process: the configuration is an ES module), and returns each file's
 * messages.
 */
function lint(files: Record<string, string>): Record<string, string[]> {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = {};
    for (const [filePath, text] of Object.entries(JSON.parse(process.argv[1]))) {
      const [result] = await eslint.lintText(text, { filePath });
      out[filePath] = result.messages.map((m) => m.message);
    }
    console.log(JSON.stringify(out));
  `;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(files)], { cwd: ROOT, encoding: 'utf8' }),
  );
}

const REFUSED = expect.stringMatching(/^Use a design token \(packages\/web-kit\/src\/theme\/tokens\.ts\), not a raw hex colour/);

describe('the lint refuses raw hex colours outside the design tokens', () => {
  const results = lint({
    'public-site/src/features/feast/components/sold-out.tsx':
      "export const SoldOut = () => <p style={{ color: '#b3261e' }}>Sold Out</p>;\n",
    'drinks-app/src/shared/lib/border.ts': 'export const border = `1px solid #f0e2cc`;\n',
    'public-site/src/features/party/components/sold-out.css': '.sold-out { color: #b3261e; }\n',
    'shell/src/notice.css': '.notice { color: var(--alert); }\n#notice { border-color: var(--line); }\n',
    'admin-app/src/shared/components/notice.tsx':
      'import { colors } from \'@festival/web-kit/tokens\';\nexport const Notice = () => <a href="#packs" style={{ color: colors.alert }}>Packs</a>;\n',
    'packages/web-kit/src/theme/tokens.ts': "export const colors = { alert: '#b3261e' } as const;\n",
    'packages/web-kit/src/theme/palette.css': ':root { --alert: #b3261e; }\n',
  });

  it('in a TSX component and in a TypeScript template string', () => {
    expect(results['public-site/src/features/feast/components/sold-out.tsx']).toEqual([REFUSED]);
    expect(results['drinks-app/src/shared/lib/border.ts']).toEqual([REFUSED]);
  });

  it('in a stylesheet', () => {
    expect(results['public-site/src/features/party/components/sold-out.css']).toEqual([
      expect.stringMatching(/not a raw hex colour\. Found #b3261e/),
    ]);
  });

  it('but not a token read as a CSS variable or from tokens.ts, nor an id selector or a link to #packs', () => {
    expect(results['shell/src/notice.css']).toEqual([]);
    expect(results['admin-app/src/shared/components/notice.tsx']).toEqual([]);
  });

  it('nor in the tokens and the stylesheet generated from them', () => {
    expect(results['packages/web-kit/src/theme/tokens.ts']).toEqual([]);
    expect(results['packages/web-kit/src/theme/palette.css']).toEqual([]);
  });
});
