import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The walls between features (scripts/eslint/walls.mjs, docs/architecture.md "Dependency rule")
 * bite: `npm run lint` refuses an import that crosses one, and lets the allowed ones through.
 * Each case lints a small file, as if it stood at `path`, with the project's own ESLint config.
 */
const ROOT = join(__dirname, '..');
const ESLINT = join(ROOT, 'node_modules', '.bin', 'eslint');

interface LintMessage {
  ruleId: string | null;
  message: string;
  line: number;
}

function wallMessages(path: string, source: string, ruleId = 'import-x/no-restricted-paths'): LintMessage[] {
  let output: string;
  try {
    output = execFileSync(ESLINT, ['--format', 'json', '--rule', `${ruleId}: error`, '--stdin', '--stdin-filename', path], {
      cwd: ROOT,
      input: source,
      encoding: 'utf8',
    });
  } catch (error) {
    // ESLint exits 1 when it reports an error; its JSON report is still on stdout.
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  const [result] = JSON.parse(output) as { messages: LintMessage[] }[];
  return result.messages.filter((m) => m.ruleId === ruleId);
}

/** The imports of a file, as if it stood at `path`, that resolve to no file. */
const unresolved = (path: string, source: string) => wallMessages(path, source, 'import-x/no-unresolved');

describe('the walls between features, in npm run lint', () => {
  jest.setTimeout(60_000);

  it("refuses a staff feature importing another feature's internals, and lets it import shared/", () => {
    const crossing = wallMessages(
      'admin-app/src/features/reports/components/wall-check.tsx',
      "import { DoorPage } from '../../door/components/door-page';\nexport const page = DoorPage;\n",
    );
    expect(crossing).toHaveLength(1);
    expect(crossing[0].message).toMatch(/A feature never imports another feature/);

    const shared = wallMessages(
      'admin-app/src/features/reports/components/wall-check.tsx',
      "import { SectionError } from '../../../shared/components/section-error';\nexport const error = SectionError;\n",
    );
    expect(shared).toEqual([]);
  });

  it('refuses shared/ importing a feature', () => {
    const messages = wallMessages(
      'admin-app/src/shared/components/wall-check.tsx',
      "import { DoorPage } from '../../features/door/components/door-page';\nexport const page = DoorPage;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0].message).toMatch(/shared\/ never imports a feature/);
  });

  it("resolves #shared/ to the importing remote's own shared/ folder, and nowhere outside it", () => {
    const source = [
      "import { SectionError } from '#shared/components/section-error.tsx';",
      // Each remote's #shared/ is its own: the guest site's icons are not the staff app's.
      "import { BagIcon } from '#shared/components/icons.tsx';",
      // The alias cannot climb out of shared/ into a feature.
      "import { DoorPage } from '#shared/../features/door/components/door-page.tsx';",
      'export const parts = [SectionError, BagIcon, DoorPage];',
    ].join('\n');
    const staff = unresolved('admin-app/src/shared/components/wall-check.tsx', source);
    expect(staff.map((m) => m.line)).toEqual([2, 3]);

    const guest = unresolved(
      'public-site/src/features/feast/components/wall-check.tsx',
      "import { BagIcon } from '#shared/components/icons.tsx';\nexport const icon = BagIcon;\n",
    );
    expect(guest).toEqual([]);
  });

  it("refuses a guest feature importing another feature's internals", () => {
    const messages = wallMessages(
      'public-site/src/features/landing/components/wall-check.tsx',
      "import { CartButton } from '../../feast/components/cart-button';\nexport const cart = CartButton;\n",
    );
    expect(messages).toHaveLength(1);
  });

  it("refuses an API module importing another module's entity, unless the read is a listed exception", () => {
    const entityImport = "import { PartyOrderEntity } from '../tickets/party-order.entity.js';\nexport const entity = PartyOrderEntity;\n";
    const crossing = wallMessages('api/src/modules/drinks/wall-check.ts', entityImport);
    expect(crossing).toHaveLength(1);
    expect(crossing[0].message).toMatch(/Another module's entity/);

    // The money reports are a listed read model over every order kind's table.
    expect(wallMessages('api/src/modules/reports/wall-check.ts', entityImport)).toEqual([]);
    // A module's exported service is the way in.
    expect(
      wallMessages(
        'api/src/modules/drinks/wall-check.ts',
        "import { TicketsService } from '../tickets/tickets.service.js';\nexport const service = TicketsService;\n",
      ),
    ).toEqual([]);
  });

  it('finds no two API modules importing each other', () => {
    const modulesDir = join(ROOT, 'api/src/modules');
    const imports = new Map<string, Set<string>>();
    for (const module of readdirSync(modulesDir)) {
      const targets = new Set<string>();
      for (const file of readdirSync(join(modulesDir, module), { recursive: true, encoding: 'utf8' })) {
        if (!file.endsWith('.ts') || file.endsWith('.spec.ts')) continue;
        const source = readFileSync(join(modulesDir, module, file), 'utf8');
        for (const [, other] of source.matchAll(/from '(?:\.\.\/)+([a-z-]+)\//g)) if (other !== module) targets.add(other);
      }
      imports.set(module, targets);
    }
    const pairs = [...imports].flatMap(([module, targets]) =>
      [...targets].filter((other) => module < other && imports.get(other)?.has(module)).map((other) => `${module} <-> ${other}`),
    );
    // The walk sees the modules' imports: the season start sits above settings, tickets and feast.
    expect([...imports.get('season-start')!]).toEqual(expect.arrayContaining(['settings', 'seasons', 'feast']));
    expect(pairs).toEqual([]);
  });
});
