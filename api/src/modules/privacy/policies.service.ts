import { ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, Repository } from 'typeorm';
import {
  POLICY_TITLES,
  type AdminPolicies,
  type AdminPolicy,
  type PolicyKind,
  type PolicyUpdateRequest,
  type PublicPolicy,
} from '@festival/contracts';
import { SeasonsService } from '../seasons/seasons.service.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { DEFAULT_POLICY_MARKDOWN, defaultPublicPolicy } from './policy-defaults.js';
import { renderPolicyMarkdown } from './policy-markdown.js';
import { PolicyVersionEntity } from './policy-version.entity.js';

/** The same text, whatever line endings or trailing spaces the browser sent. */
const normalized = (markdown: string): string => markdown.replace(/\r\n?/g, '\n').trim();

/**
 * The privacy policy and the ticket terms of the season on sale (docs/privacy.md, "Policies and
 * consent"): what `/privacy` and `/terms` show, what the manager edits in `Policies`, and the
 * privacy version a consent record carries. A season starts with the defaults as version 1.
 */
@Injectable()
export class PoliciesService {
  constructor(
    @InjectRepository(PolicyVersionEntity) private readonly rows: Repository<PolicyVersionEntity>,
    private readonly seasons: SeasonsService,
    private readonly activity: ActivityLog,
  ) {}

  /** The season on sale's current text of `kind`, with its Markdown. */
  async current(kind: PolicyKind): Promise<AdminPolicy> {
    const season = await this.seasons.resolve(undefined);
    const row = await this.rows.findOne({ where: { seasonId: season.id, kind }, order: { version: 'DESC' } });
    if (!row)
      return { ...defaultPublicPolicy(kind, season.createdAt), markdown: normalized(DEFAULT_POLICY_MARKDOWN[kind]), isDefault: true };
    return {
      kind,
      title: POLICY_TITLES[kind],
      markdown: row.markdown,
      html: row.html,
      version: row.version,
      savedAt: row.savedAt.toISOString(),
      isDefault: false,
    };
  }

  /** `GET /api/policies/:kind`: the page's heading, HTML, version and date. */
  async publicPolicy(kind: PolicyKind): Promise<PublicPolicy> {
    const { kind: k, title, html, version, savedAt } = await this.current(kind);
    return { kind: k, title, html, version, savedAt };
  }

  /** `GET /api/admin/policies`: both, for the `Policies` section. */
  async adminPolicies(): Promise<AdminPolicies> {
    const [privacy, terms] = await Promise.all([this.current('privacy'), this.current('terms')]);
    return { privacy, terms };
  }

  /**
   * Saves the manager's text: a new version when it differs from the current one (the same text
   * again changes nothing). Two saves at the same moment cannot take one version: the second is a
   * 409 and changes nothing.
   */
  async save(kind: PolicyKind, body: PolicyUpdateRequest, actor: StaffActor): Promise<AdminPolicy> {
    const markdown = normalized(body.markdown);
    const current = await this.current(kind);
    if (current.markdown === markdown) return current;
    const season = await this.seasons.resolve(undefined);
    const now = new Date();
    const version = current.version + 1;
    try {
      await this.rows.manager.transaction(async (manager) => {
        await manager.insert(PolicyVersionEntity, {
          seasonId: season.id,
          kind,
          version,
          markdown,
          html: renderPolicyMarkdown(markdown),
          savedAt: now,
          savedBy: actor.name.slice(0, 60),
        });
        await this.activity.record(
          manager,
          actor,
          { action: 'settings.change', object: POLICY_TITLES[kind], detail: `Version ${version}` },
          now,
        );
      });
    } catch (error) {
      if (error instanceof QueryFailedError && /unique|duplicate/i.test(error.message)) {
        throw new ConflictException(`${POLICY_TITLES[kind]} was saved by someone else at the same moment; reload to see it and save again`);
      }
      throw error;
    }
    return this.current(kind);
  }
}
