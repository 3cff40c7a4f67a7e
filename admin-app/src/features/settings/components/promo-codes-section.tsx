import { Alert, Button, Card, Flex, Form, Input, InputNumber, Modal, Switch, Table, Tag, Typography } from 'antd';
import { useState, type FormEvent } from 'react';
import {
  DEFAULT_SITE_CONFIG,
  isoToZonedWallTime,
  PROMO_CODE_MAX_LENGTH,
  promoCodeStatusOf,
  updatePromoCodeSchema,
  zonedWallTimeToIso,
  type AdminPromoCode,
  type UpdatePromoCodeRequest,
} from '@festival/contracts';
import { ApiError } from '@festival/web-kit/api-client';
import { useSiteConfig } from '@festival/web-kit/site';
import { errorMessage } from '#shared/api/error-message.ts';
import { SectionError } from '#shared/components/section-error.tsx';
import { errorsByField } from '#shared/lib/field-errors.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { useCreatePromoCode, usePromoCodes, useUpdatePromoCode } from '../api/promo-codes';

type Field = keyof UpdatePromoCodeRequest;
const FIELDS: readonly Field[] = ['code', 'percentOff', 'maxUses', 'validUntil', 'active'];
type FieldErrors = Partial<Record<Field, string>>;

/** What the dialog edits: numbers may be empty while typing, the end is the party's wall-clock time. */
interface Draft {
  code: string;
  percentOff: number | null;
  maxUses: number | null;
  /** `2026-11-01T23:59` in the party's time zone, or '' for no end. */
  validUntil: string;
  active: boolean;
}

const NEW_CODE: Draft = { code: '', percentOff: null, maxUses: null, validUntil: '', active: true };

/** The field a 409 is about: a duplicate or fixed code beside Code, a limit below the uses beside Maximum uses. */
function conflictField(message: string): Field | undefined {
  if (/^A promo code .+ already exists$/.test(message) || /^The code .+ cannot change/.test(message)) return 'code';
  if (/^Maximum uses /.test(message)) return 'maxUses';
  return undefined;
}

/** A refusal (the 400's `field: text` parts, or a 409) beside its fields; anything else on its own. */
function refusalOf(error: unknown): { byField: FieldErrors; other: string | null } {
  const message = errorMessage(error, 'The promo code could not be saved. Please check the connection and try again.');
  if (error instanceof ApiError && error.status === 409) {
    const field = conflictField(message);
    return field ? { byField: { [field]: message }, other: null } : { byField: {}, other: message };
  }
  if (error instanceof ApiError && error.status === 400) {
    const { byField, other } = errorsByField(message, FIELDS);
    return { byField, other: other.length > 0 ? other.join('; ') : null };
  }
  return { byField: {}, other: message };
}

function wholeOf(code: AdminPromoCode): UpdatePromoCodeRequest {
  return { code: code.code, percentOff: code.percentOff, maxUses: code.maxUses, validUntil: code.validUntil, active: code.active };
}

function formatUntil(iso: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(iso));
  } catch {
    return new Date(iso).toLocaleString('en-US');
  }
}

/** `Promo codes` of the settings page: the codes with their uses, `Add promo code`, and an edit of each. */
export function PromoCodesSection() {
  const codes = usePromoCodes();
  const update = useUpdatePromoCode();
  const toast = useToast();
  const site = useSiteConfig();
  const timeZone = site.data?.party.timeZone ?? DEFAULT_SITE_CONFIG.party.timeZone;
  // undefined: no dialog; null: a new code; else the code being edited.
  const [editing, setEditing] = useState<AdminPromoCode | null | undefined>(undefined);
  const [switching, setSwitching] = useState<string | null>(null);

  function setActive(code: AdminPromoCode, active: boolean) {
    setSwitching(code.id);
    update.mutate(
      { id: code.id, body: { ...wholeOf(code), active } },
      {
        onSuccess: () => toast.success('Settings saved', `${code.code} is ${active ? 'active' : 'switched off'}.`),
        onError: (error) => toast.error('Error', errorMessage(error, 'The promo code could not be saved')),
        onSettled: () => setSwitching(null),
      },
    );
  }

  const now = new Date();
  return (
    <Card
      role="region"
      aria-label="Promo codes"
      title="Promo codes"
      extra={
        <Button type="primary" onClick={() => setEditing(null)}>
          Add promo code
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        Guests type a code on the party page; it takes its percent off after the group discount. Uses are the paid orders with the code.
        Times are the party&apos;s ({timeZone}).
      </Typography.Paragraph>
      {codes.error ? (
        <SectionError what="promo codes" error={codes.error} onRetry={() => void codes.refetch()} />
      ) : (
        <Table<AdminPromoCode>
          rowKey="id"
          loading={codes.isPending}
          dataSource={codes.data ?? []}
          pagination={false}
          locale={{ emptyText: 'No promo codes yet.' }}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: 'Code',
              dataIndex: 'code',
              render: (_: string, code) => {
                const status = promoCodeStatusOf(code, code.uses, now);
                return (
                  <Flex gap={8} align="center">
                    <strong>{code.code}</strong>
                    {status === 'expired' ? <Tag>Expired</Tag> : status === 'used-up' ? <Tag color="gold">Used up</Tag> : null}
                  </Flex>
                );
              },
            },
            { title: 'Percent off', dataIndex: 'percentOff', render: (percent: number) => `${percent}%` },
            {
              title: 'Maximum uses',
              dataIndex: 'maxUses',
              render: (maxUses: number | null) =>
                maxUses === null ? <Typography.Text type="secondary">No limit</Typography.Text> : maxUses,
            },
            {
              title: 'Valid until',
              dataIndex: 'validUntil',
              render: (validUntil: string | null) =>
                validUntil === null ? <Typography.Text type="secondary">No end</Typography.Text> : formatUntil(validUntil, timeZone),
            },
            { title: 'Uses so far', dataIndex: 'uses' },
            {
              title: 'Active',
              dataIndex: 'active',
              render: (active: boolean, code) => (
                <Switch
                  checked={active}
                  loading={switching === code.id}
                  disabled={switching !== null}
                  aria-label={`${code.code} active`}
                  onChange={(checked) => setActive(code, checked)}
                />
              ),
            },
            {
              title: 'Actions',
              key: 'actions',
              render: (_: unknown, code) => (
                <Button aria-label={`Edit ${code.code}`} onClick={() => setEditing(code)}>
                  Edit
                </Button>
              ),
            },
          ]}
        />
      )}
      {editing !== undefined ? <PromoCodeDialog code={editing} timeZone={timeZone} onClose={() => setEditing(undefined)} /> : null}
    </Card>
  );
}

/** `Add promo code` (code null) or the edit of one: the fields, checked with the route's schema, refusals beside their field. */
function PromoCodeDialog({ code, timeZone, onClose }: { code: AdminPromoCode | null; timeZone: string; onClose(): void }) {
  const [draft, setDraft] = useState<Draft>(() =>
    code
      ? {
          code: code.code,
          percentOff: code.percentOff,
          maxUses: code.maxUses,
          validUntil: code.validUntil ? isoToZonedWallTime(code.validUntil, timeZone) : '',
          active: code.active,
        }
      : NEW_CODE,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreatePromoCode();
  const update = useUpdatePromoCode();
  const toast = useToast();
  const pending = create.isPending || update.isPending;
  // A code that orders carry keeps its text (the server refuses a change with a 409).
  const codeFixed = code !== null && code.uses > 0;

  function change<K extends keyof Draft>(field: K, value: Draft[K]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const body = {
      code: draft.code,
      percentOff: draft.percentOff ?? undefined,
      maxUses: draft.maxUses,
      validUntil: draft.validUntil === '' ? null : (zonedWallTimeToIso(draft.validUntil, timeZone) ?? draft.validUntil),
      active: draft.active,
    };
    const checked = updatePromoCodeSchema.safeParse(body);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setFailure(null);
    const done = {
      onSuccess: () => {
        toast.success('Settings saved', code ? `${checked.data.code} was saved.` : `${checked.data.code} was added.`);
        onClose();
      },
      onError: (error: unknown) => {
        const refusal = refusalOf(error);
        setErrors(refusal.byField);
        setFailure(refusal.other);
      },
    };
    if (code) update.mutate({ id: code.id, body: checked.data }, done);
    else create.mutate(checked.data, done);
  }

  const item = (field: Field) => (errors[field] ? { validateStatus: 'error' as const, help: errors[field] } : {});
  return (
    <Modal open title={code ? `Edit ${code.code}` : 'Add promo code'} onCancel={onClose} footer={null} destroyOnHidden>
      <Form layout="vertical" component="div" requiredMark={false}>
        <form onSubmit={submit} noValidate>
          <Form.Item
            label="Code"
            htmlFor="promo-code-code"
            extra={codeFixed ? 'Orders have used this code, so its text stays.' : 'Letters, digits, - and _; saved in capitals.'}
            {...item('code')}
          >
            <Input
              id="promo-code-code"
              value={draft.code}
              maxLength={PROMO_CODE_MAX_LENGTH}
              disabled={codeFixed}
              autoComplete="off"
              onChange={(e) => change('code', e.target.value)}
              autoFocus
            />
          </Form.Item>
          <Form.Item label="Percent off" htmlFor="promo-code-percent" {...item('percentOff')}>
            <InputNumber
              id="promo-code-percent"
              min={1}
              max={100}
              precision={0}
              suffix="%"
              style={{ width: '100%' }}
              value={draft.percentOff}
              onChange={(value) => change('percentOff', typeof value === 'number' ? value : null)}
            />
          </Form.Item>
          <Form.Item
            label="Maximum uses (optional)"
            htmlFor="promo-code-max-uses"
            extra="Paid orders; empty: no limit."
            {...item('maxUses')}
          >
            <InputNumber
              id="promo-code-max-uses"
              min={1}
              precision={0}
              style={{ width: '100%' }}
              placeholder="No limit"
              value={draft.maxUses}
              onChange={(value) => change('maxUses', typeof value === 'number' ? value : null)}
            />
          </Form.Item>
          <Form.Item
            label="Valid until (optional)"
            htmlFor="promo-code-valid-until"
            extra={`In the party's time zone (${timeZone}); empty: no end.`}
            {...item('validUntil')}
          >
            <Input
              id="promo-code-valid-until"
              type="datetime-local"
              value={draft.validUntil}
              onChange={(e) => change('validUntil', e.target.value)}
            />
          </Form.Item>
          <Form.Item label="Active" htmlFor="promo-code-active" {...item('active')}>
            <Switch id="promo-code-active" checked={draft.active} onChange={(checked) => change('active', checked)} />
          </Form.Item>
          {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
          <Flex gap={8} justify="end">
            <Button onClick={onClose}>Cancel</Button>
            <Button type="primary" htmlType="submit" loading={pending}>
              {code ? 'Save' : 'Add promo code'}
            </Button>
          </Flex>
        </form>
      </Form>
    </Modal>
  );
}
