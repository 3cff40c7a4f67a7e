// The walls between features (docs/architecture.md, "Dependency rule"), enforced by
// eslint-plugin-import-x's no-restricted-paths on the resolved paths of every import:
// - in each remote, `features/X` never imports `features/Y`, and `shared/` never imports a
//   feature: what two features need lives in `shared/`, and the `app/` folder composes them;
// - in the API, a module never imports another module's entity (`*.entity.ts`): it uses that
//   module's exported services, or a read model the module publishes. The deliberate exceptions
//   are ENTITY_READS below, each with its reason.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REMOTES = ['admin-app', 'public-site', 'drinks-app'];
const API_MODULES = 'api/src/modules';

/**
 * API modules that read another module's tables directly, and why. Everything else goes through
 * the owning module's exported services.
 */
export const ENTITY_READS = [
  {
    module: 'reports',
    reads: ['tickets', 'feast', 'drinks'],
    why: "The money reports and the reconciliation are a read model over every order kind's table: one grouped query per report, not a service call per order.",
  },
  {
    module: 'door',
    reads: ['tickets'],
    why: 'The door admits party orders: it reads and locks the order it admits in the same transaction as the admission (one lock, no oversold entry).',
  },
  {
    module: 'settings',
    reads: ['seasons', 'site'],
    why: 'The settings page edits the season on sale and the site configuration row (site/ holds only that row and its reader), under the settings lock.',
  },
  {
    module: 'season-start',
    reads: ['seasons', 'site'],
    why: 'Starting a season closes the last one, opens the next and rewrites the site configuration row, in one transaction.',
  },
  {
    module: 'feast',
    reads: ['seasons'],
    why: "A pre-order is held against the season on sale, read (whether pre-orders are open) in the hold's transaction.",
  },
  {
    module: 'metrics',
    reads: ['drinks', 'campaigns'],
    why: "The gauges Prometheus scrapes (the bar's open orders, open tabs, the campaigns' recipients) are one indexed count each at scrape time, not a service call per row.",
  },
  {
    module: 'guests',
    reads: ['tickets', 'feast', 'drinks', 'campaigns', 'analytics', 'guest-account', 'kept-cards', 'privacy', 'payments', 'seasons'],
    why: "One guest's data is a read model over every table that holds a name, address or phone, and an erasure rewrites them all in one transaction (docs/privacy.md): one query per table, not a service per module, which would leave a half-erased guest when one failed.",
  },
];

const dirs = (path) =>
  readdirSync(join(ROOT, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

function featureZones() {
  const zones = [];
  for (const remote of REMOTES) {
    const features = `${remote}/src/features`;
    for (const feature of dirs(features)) {
      zones.push({
        target: `${features}/${feature}`,
        from: features,
        except: [`./${feature}`],
        message: 'A feature never imports another feature: move what both need to shared/, or compose them in app/.',
      });
    }
    zones.push({
      target: `${remote}/src/shared`,
      from: features,
      message: 'shared/ never imports a feature.',
    });
  }
  return zones;
}

function entityZones() {
  const zones = [];
  const modules = dirs(API_MODULES);
  for (const module of modules) {
    const allowed = new Set(ENTITY_READS.filter((read) => read.module === module).flatMap((read) => read.reads));
    for (const other of modules) {
      if (other === module || allowed.has(other)) continue;
      zones.push({
        target: `${API_MODULES}/${module}`,
        from: [`${API_MODULES}/${other}/**/*.entity.ts`],
        message: `Another module's entity: use the ${other} module's exported services, or add a deliberate read to ENTITY_READS in scripts/eslint/walls.mjs with its reason.`,
      });
    }
  }
  return zones;
}

/** The no-restricted-paths zones of every wall (the deploy spec proves they bite). */
export const WALL_ZONES = [...featureZones(), ...entityZones()];
