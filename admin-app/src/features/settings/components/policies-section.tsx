import { Button, Card, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import {
  MAX_POLICY_MARKDOWN,
  POLICY_KINDS,
  POLICY_PATHS,
  policyUpdateRequestSchema,
  policyVersionLine,
  type AdminPolicy,
  type PolicyKind,
} from '@festival/contracts';
import { SectionError } from '#shared/components/section-error.tsx';
import { usePolicies, useSavePolicy } from '../api/policies';
import { useSectionSave } from '../lib/use-section-save';

interface PolicyForm {
  markdown: string;
}

/**
 * `Policies` (docs/privacy.md, "Policies and consent"): the privacy policy and the ticket terms
 * guests read at `/privacy` and `/terms`, in Markdown. Each save that changes a text makes its
 * next version, dated today; a new season starts from the default texts.
 */
export function PoliciesSection({ timeZone }: { timeZone: string }) {
  const policies = usePolicies();
  return (
    <Card title="Policies" role="region" aria-label="Policies">
      {policies.error ? (
        <SectionError what="policies" error={policies.error} onRetry={() => void policies.refetch()} />
      ) : policies.data ? (
        <Flex vertical gap={32}>
          {POLICY_KINDS.map((kind) => (
            <PolicyFormCard key={kind} kind={kind} policy={policies.data[kind]} timeZone={timeZone} />
          ))}
        </Flex>
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Card>
  );
}

function PolicyFormCard({ kind, policy, timeZone }: { kind: PolicyKind; policy: AdminPolicy; timeZone: string }) {
  const [form] = Form.useForm<PolicyForm>();
  const save = useSavePolicy(kind);
  const submit = useSectionSave({ form, schema: policyUpdateRequestSchema, toSection: (values: PolicyForm) => values, save });

  useEffect(() => {
    form.setFieldsValue({ markdown: policy.markdown });
  }, [form, policy.markdown]);

  const path = POLICY_PATHS[kind];
  return (
    <Form<PolicyForm> form={form} name={`policy-${kind}`} layout="vertical" onFinish={submit} requiredMark={false}>
      <Form.Item
        name="markdown"
        label={policy.title}
        extra={
          <>
            <Typography.Text type="secondary">
              {policyVersionLine(policy, timeZone)}
              {policy.isDefault ? ' (the default text)' : ''}
            </Typography.Text>
            <br />
            Markdown: ## for a heading, **bold**, - for a list, [text](https://…) for a link. HTML is shown as text. Guests read it at{' '}
            <a href={path} target="_blank" rel="noreferrer">
              {path}
            </a>
            .
          </>
        }
      >
        <Input.TextArea rows={12} maxLength={MAX_POLICY_MARKDOWN} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {`Save ${policy.title.toLowerCase()}`}
      </Button>
    </Form>
  );
}
