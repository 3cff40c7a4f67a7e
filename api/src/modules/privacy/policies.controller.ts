import { BadRequestException, Body, Controller, Get, Header, Param, Put } from '@nestjs/common';
import {
  isPolicyKind,
  policyUpdateRequestSchema,
  type AdminPolicies,
  type AdminPolicy,
  type PolicyKind,
  type PolicyUpdateRequest,
  type PublicPolicy,
} from '@festival/contracts';
import { ApiRoute, BodyLimit, KB } from '../../common/route-facts.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Public } from '../auth/public.decorator.js';
import { CurrentStaff, type StaffActor } from '../staff/staff-actor.js';
import { PoliciesService } from './policies.service.js';

function kindOf(value: string): PolicyKind {
  if (!isPolicyKind(value)) throw new BadRequestException('kind: There is no such policy: privacy or terms');
  return value;
}

/** The pages `/privacy` and `/terms` read their text here (docs/privacy.md). */
@Controller('policies')
@Public()
export class PoliciesController {
  constructor(private readonly policies: PoliciesService) {}

  @Get(':kind')
  @ApiRoute({ tag: 'site', summary: 'The privacy policy or the ticket terms as guests read them', response: { type: 'PublicPolicy' } })
  @Header('Cache-Control', 'no-cache')
  get(@Param('kind') kind: string): Promise<PublicPolicy> {
    return this.policies.publicPolicy(kindOf(kind));
  }
}

/** The `Policies` section of the settings (docs/settings.md): manager only (no @Roles). */
@Controller('admin/policies')
export class AdminPoliciesController {
  constructor(private readonly policies: PoliciesService) {}

  @Get()
  @ApiRoute({
    tag: 'settings',
    summary: 'The privacy policy and the ticket terms, with their Markdown',
    response: { type: 'AdminPolicies' },
  })
  @Header('Cache-Control', 'no-store')
  list(): Promise<AdminPolicies> {
    return this.policies.adminPolicies();
  }

  /** A new version when the text changed; answers the policy as saved. */
  @Put(':kind')
  @BodyLimit(256 * KB, 'a policy text of at most 50,000 characters')
  @ApiRoute({
    tag: 'settings',
    summary: 'Save the privacy policy or the ticket terms',
    body: { schema: policyUpdateRequestSchema, name: 'PolicyUpdateRequest' },
    response: { type: 'AdminPolicy' },
  })
  @Header('Cache-Control', 'no-store')
  save(
    @Param('kind') kind: string,
    @Body(new ZodValidationPipe(policyUpdateRequestSchema)) body: PolicyUpdateRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<AdminPolicy> {
    return this.policies.save(kindOf(kind), body, actor);
  }
}
