import { Alert, Button, Flex, Input, InputNumber, Space, Typography, type InputRef } from 'antd';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  CHECK_IN_RESULT_TEXT,
  MAX_TICKETS_PER_ORDER,
  NO_COMPLIMENTARY_DRINKS_LEFT,
  normaliseTicketCode,
  orderReference,
  parseTicketCode,
} from '@festival/contracts';
import { ApiError } from '@festival/web-kit/api-client';
import type { TicketScanner } from '#shared/lib/ticket-scanner.ts';
import { CameraTicketScanner } from '#shared/scanner/qr-scanner.tsx';
import { newRedemptionId, useRedeemComplimentaryDrinks } from '../api/redeem-complimentary-drinks';

/** `3 complimentary drinks left`, `1 complimentary drink left`. */
export const drinksLeftText = (remaining: number): string => `${remaining} complimentary ${remaining === 1 ? 'drink' : 'drinks'} left`;

/** `Not a valid ticket`, as the door says it and the server answers it (404). */
const NOT_A_VALID_TICKET = CHECK_IN_RESULT_TEXT.invalid;

type Answer =
  | { kind: 'left'; reference: string; remaining: number; redeemed: number }
  | { kind: 'refused'; reference: string | null; message: string; remaining: number | null }
  | { kind: 'unreachable'; reference: string };

/** A redemption whose outcome is unknown (no answer came back): sent again with the same id. */
interface Unanswered {
  code: string;
  count: number;
  redemptionId: string;
}

function AnswerAlert({ answer }: { answer: Answer }) {
  if (answer.kind === 'left') {
    return (
      <Alert
        type={answer.remaining > 0 ? 'success' : 'info'}
        showIcon
        title={<span className="complimentary-drinks__answer">{drinksLeftText(answer.remaining)}</span>}
        description={
          answer.redeemed > 0
            ? `Ticket ${answer.reference}: ${answer.redeemed} redeemed just now`
            : `Ticket ${answer.reference}: nothing redeemed`
        }
      />
    );
  }
  if (answer.kind === 'refused') {
    const left = answer.remaining !== null && answer.remaining > 0 ? `${drinksLeftText(answer.remaining)}: redeem fewer.` : null;
    return (
      <Alert
        type="error"
        showIcon
        title={<span className="complimentary-drinks__answer">{answer.message}</span>}
        description={[answer.reference && `Ticket ${answer.reference}`, left].filter(Boolean).join(' · ') || undefined}
      />
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      title="The server did not answer"
      description={`Ticket ${answer.reference}: press Redeem again. A retry is counted once, even if the first one went through.`}
    />
  );
}

interface ComplimentaryDrinksProps {
  /**
   * The scanner shown above the field: the camera unless told otherwise (the field also takes a
   * handheld scanner's typing). A code it reads is looked up, not redeemed: the bartender
   * redeems with `Redeem`, so a code read twice is never redeemed twice.
   */
  scanner?: TicketScanner;
}

/**
 * The bar's `Complimentary Drinks` tab: one free drink per ticketed guest (docs/product.md, section 9),
 * redeemed with the ticket code from the confirmation e-mail. A handheld scanner types the code
 * and Enter, which redeems the chosen number (1 unless changed for a group); `Check drinks left`
 * only asks. Each redemption carries a fresh `redemptionId`, kept when no answer came back so
 * that pressing Redeem again cannot count it twice.
 */
export function ComplimentaryDrinks({ scanner: Scanner = CameraTicketScanner }: ComplimentaryDrinksProps) {
  const redeem = useRedeemComplimentaryDrinks();
  const [code, setCode] = useState('');
  const [count, setCount] = useState(1);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const unanswered = useRef<Unanswered | null>(null);
  const busy = useRef(false);
  const field = useRef<InputRef>(null);
  const ids = { code: useId(), count: useId(), hint: useId() };

  /** Ready for the next scan: the field focused with its text selected, so new typing replaces it. */
  const selectField = () => field.current?.focus({ cursor: 'all' });

  async function submit(typed: string, drinks: number) {
    if (busy.current) return;
    const normalised = normaliseTicketCode(typed);
    setProblem(null);
    if (!normalised) {
      setAnswer(null);
      setProblem('Scan or type a ticket code');
      selectField();
      return;
    }
    const parsed = parseTicketCode(normalised);
    if (!parsed) {
      setAnswer({ kind: 'refused', reference: null, message: NOT_A_VALID_TICKET, remaining: null });
      selectField();
      return;
    }
    const reference = orderReference(parsed.orderId);
    const retry = unanswered.current;
    const redemptionId =
      drinks === 0 ? undefined : retry && retry.code === normalised && retry.count === drinks ? retry.redemptionId : newRedemptionId();
    busy.current = true;
    try {
      const { remaining } = await redeem.mutateAsync({ code: normalised, count: drinks, redemptionId });
      if (drinks > 0) {
        unanswered.current = null;
        setCount(1);
      }
      setAnswer({ kind: 'left', reference, remaining, redeemed: drinks });
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        if (drinks > 0) unanswered.current = null;
        const message = error.serverMessage ?? (error.status === 404 ? NOT_A_VALID_TICKET : 'The ticket was refused');
        // Refused because fewer are left than asked for: say how many are.
        let remaining: number | null = null;
        if (message === NO_COMPLIMENTARY_DRINKS_LEFT && drinks > 1) {
          remaining = await drinksLeftOf(normalised);
        }
        setAnswer({ kind: 'refused', reference: error.status === 404 ? null : reference, message, remaining });
      } else if (drinks > 0 && redemptionId) {
        unanswered.current = { code: normalised, count: drinks, redemptionId };
        setAnswer({ kind: 'unreachable', reference });
      } else {
        setAnswer(null);
        setProblem('The server did not answer. Try again.');
      }
    } finally {
      busy.current = false;
      selectField();
    }
  }

  async function drinksLeftOf(normalised: string): Promise<number | null> {
    try {
      return (await redeem.mutateAsync({ code: normalised, count: 0 })).remaining;
    } catch {
      return null;
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit(code, count);
  }

  function onScan(scanned: string) {
    setCode(scanned);
    void submit(scanned, 0);
  }

  return (
    <Flex vertical gap={16} className="complimentary-drinks">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        One complimentary drink per ticketed guest. Scan the QR code of the guest&apos;s ticket e-mail, or type the code printed under it.
      </Typography.Paragraph>
      {Scanner ? <Scanner onScan={onScan} /> : null}
      <form onSubmit={onSubmit} aria-label="Complimentary drinks">
        <Flex vertical gap={12}>
          <Flex vertical gap={4}>
            <label htmlFor={ids.code}>
              <Typography.Text strong>Ticket code</Typography.Text>
            </label>
            <Input
              id={ids.code}
              ref={field}
              size="large"
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                // A new code (a scanner typing over the selected one): the last answer was another ticket's.
                setAnswer(null);
                setProblem(null);
              }}
              autoFocus
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              aria-describedby={ids.hint}
              status={problem ? 'error' : undefined}
            />
            <Typography.Text type={problem ? 'danger' : 'secondary'} id={ids.hint}>
              {problem ?? 'A handheld scanner types the code and presses Enter, which redeems.'}
            </Typography.Text>
          </Flex>
          <Flex gap={12} wrap align="flex-end">
            <Flex vertical gap={4}>
              <label htmlFor={ids.count}>
                <Typography.Text strong>Drinks to redeem</Typography.Text>
              </label>
              <Space.Compact size="large">
                <Button aria-label="One drink fewer" disabled={count <= 1} onClick={() => setCount((c) => Math.max(1, c - 1))}>
                  −
                </Button>
                <InputNumber
                  id={ids.count}
                  min={1}
                  max={MAX_TICKETS_PER_ORDER}
                  precision={0}
                  controls={false}
                  value={count}
                  onChange={(value) => setCount(value ?? 1)}
                  style={{ width: 72, textAlign: 'center' }}
                  inputMode="numeric"
                />
                <Button
                  aria-label="One drink more"
                  disabled={count >= MAX_TICKETS_PER_ORDER}
                  onClick={() => setCount((c) => Math.min(MAX_TICKETS_PER_ORDER, c + 1))}
                >
                  +
                </Button>
              </Space.Compact>
            </Flex>
            <Button type="primary" size="large" htmlType="submit" loading={redeem.isPending}>
              Redeem
            </Button>
            <Button size="large" disabled={redeem.isPending} onClick={() => void submit(code, 0)}>
              Check drinks left
            </Button>
          </Flex>
        </Flex>
      </form>
      <div role="status" aria-live="polite" className="complimentary-drinks__result">
        {answer ? <AnswerAlert answer={answer} /> : null}
      </div>
    </Flex>
  );
}
