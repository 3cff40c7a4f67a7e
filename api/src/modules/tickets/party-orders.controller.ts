import { Body, Controller, Get, Header, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  editGuestRequestSchema,
  partyRefundRequestSchema,
  resendConfirmationRequestSchema,
  staffResendRequestSchema,
  type EditGuestRequest,
  type PartyOrderDetails,
  type PartyRefundRequest,
  type ResendConfirmationRequest,
  type ResendConfirmationResponse,
  type StaffResendRequest,
} from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Public } from '../auth/public.decorator.js';
import { CurrentStaff, type StaffActor } from '../staff/staff-actor.js';
import { ConfirmationResends } from './confirmation-resends.service.js';
import { PartyOrderAdmin } from './party-order-admin.service.js';
import { PartyRefunds } from './party-refunds.service.js';
import { CALENDAR_FILE_NAME, TicketEmailService } from './ticket-email.service.js';
import { ApiRoute } from '../../common/route-facts.js';

/** The guest's side of a paid party order after the confirmation step, and the manager's resend. */
@Controller()
export class PartyOrdersController {
  constructor(
    private readonly resends: ConfirmationResends,
    private readonly email: TicketEmailService,
    private readonly admin: PartyOrderAdmin,
    private readonly refunds: PartyRefunds,
  ) {}

  /**
   * `Add to calendar`: the paid order's calendar event, the e-mail's attachment. No extension in
   * the path: nginx serves paths ending in one as files. The event holds the party's details, the
   * order reference and its ticket counts (what the payment id alone already tells), no ticket
   * code and nothing about the buyer.
   */
  @Get('party-orders/:orderId/calendar')
  @ApiRoute({ tag: 'party', summary: 'The party as a calendar file', response: { mediaType: 'text/calendar' } })
  @Public()
  @Header('Cache-Control', 'private, no-cache')
  async calendar(@Param('orderId') orderId: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    const event = await this.email.calendarOfPaidOrder(orderId);
    // Set only on success: an error stays the API's JSON `{ message }`.
    res.set({ 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': `attachment; filename="${CALENDAR_FILE_NAME}"` });
    return event;
  }

  /** `E-mail my tickets again`: the guest, with the payment's client secret; a few times an hour. */
  @Post('party-orders/:orderId/resend-confirmation')
  @ApiRoute({
    tag: 'party',
    summary: "Send a paid order's confirmation e-mail again",
    body: { schema: resendConfirmationRequestSchema, name: 'ResendConfirmationRequest' },
    response: { type: 'ResendConfirmationResponse' },
  })
  @Public()
  @HttpCode(202)
  @Header('Cache-Control', 'no-store')
  resendForGuest(
    @Param('orderId') orderId: string,
    @Body(new ZodValidationPipe(resendConfirmationRequestSchema)) body: ResendConfirmationRequest,
  ): Promise<ResendConfirmationResponse> {
    return this.resends.forGuest(orderId, body.clientSecret);
  }

  /**
   * Staff: the manager resends an order's confirmation, to its address or to a corrected one
   * (`{ email }`, saved on the order). Manager only: no @Roles, like every route below.
   */
  @Post('admin/party-orders/:orderId/resend-confirmation')
  @ApiRoute({
    tag: 'party',
    summary: "Resend an order's confirmation e-mail, to its address or a corrected one",
    body: { schema: staffResendRequestSchema, name: 'StaffResendRequest' },
    response: { type: 'ResendConfirmationResponse' },
  })
  @HttpCode(202)
  @Header('Cache-Control', 'no-store')
  resendForStaff(
    @Param('orderId') orderId: string,
    @Body(new ZodValidationPipe(staffResendRequestSchema)) body: StaffResendRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<ResendConfirmationResponse> {
    return this.resends.forStaff(orderId, actor, body.email);
  }

  /** `Order details`: the buyer, tickets, price, refunds and timeline (docs/refunds.md). */
  @Get('admin/party-orders/:orderId')
  @ApiRoute({ tag: 'party', summary: "A party order's details, refunds and timeline", response: { type: 'PartyOrderDetails' } })
  @Header('Cache-Control', 'no-store')
  details(@Param('orderId') orderId: string): Promise<PartyOrderDetails> {
    return this.admin.details(orderId);
  }

  /** `Refund`: some or all of the order's tickets; the same idempotencyKey again refunds nothing more. */
  @Post('admin/party-orders/:orderId/refunds')
  @ApiRoute({
    tag: 'party',
    summary: "Refund some or all of an order's tickets (idempotent per idempotencyKey)",
    body: { schema: partyRefundRequestSchema, name: 'PartyRefundRequest' },
    response: { type: 'PartyOrderDetails' },
  })
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  refund(
    @Param('orderId') orderId: string,
    @Body(new ZodValidationPipe(partyRefundRequestSchema)) body: PartyRefundRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<PartyOrderDetails> {
    return this.refunds.refund(orderId, body, actor);
  }

  /** `Cancel order`: an unpaid order's hold released now; or `Take back comp` for a comp whose guests have not arrived. */
  @Post('admin/party-orders/:orderId/cancel')
  @ApiRoute({ tag: 'party', summary: 'Cancel an unpaid order and release its hold', response: { type: 'PartyOrderDetails' } })
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  cancel(@Param('orderId') orderId: string, @CurrentStaff() actor: StaffActor): Promise<PartyOrderDetails> {
    return this.admin.cancel(orderId, actor);
  }

  /** `Edit guest details`: name, e-mail and phone, with the party checkout's rules. */
  @Put('admin/party-orders/:orderId/guest')
  @ApiRoute({
    tag: 'party',
    summary: "Edit an order's guest details (name, e-mail, phone)",
    body: { schema: editGuestRequestSchema, name: 'EditGuestRequest' },
    response: { type: 'PartyOrderDetails' },
  })
  @Header('Cache-Control', 'no-store')
  editGuest(
    @Param('orderId') orderId: string,
    @Body(new ZodValidationPipe(editGuestRequestSchema)) body: EditGuestRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<PartyOrderDetails> {
    return this.admin.editGuest(orderId, body, actor);
  }
}
