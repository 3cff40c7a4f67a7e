import { execFileSync } from 'node:child_process';
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
}

function wallMessages(path: string, source: string): LintMessage[] {
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
  const [result] = JSON.parse(output) as { messages: LintMessage[] }[];
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths');
}

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
});
