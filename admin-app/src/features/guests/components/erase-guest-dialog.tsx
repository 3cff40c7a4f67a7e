import { Alert, Flex, Input, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { confirmsErasure, GUEST_ERASE_WORD } from '@festival/contracts';
import { errorMessage } from '#shared/api/error-message.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { useEraseGuest } from '../api/guests';

interface EraseGuestDialogProps {
  email: string;
  onClose(): void;
  onErased(pseudonym: string): void;
}

/** `Erase`: the staff type ERASE or the guest's address; the server's refusal (409) shows here. */
export function EraseGuestDialog({ email, onClose, onErased }: EraseGuestDialogProps) {
  const inputId = useId();
  const erase = useEraseGuest();
  const toast = useToast();
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);

  async function confirm() {
    setRefusal(null);
    try {
      const erased = await erase.mutateAsync({ email, confirmation: typed });
      toast.success('Guest erased', `Their records now read ${erased.pseudonym}.`);
      onErased(erased.pseudonym);
    } catch (error) {
      setRefusal(errorMessage(error, 'The guest could not be erased. Try again.'));
    }
  }

  return (
    <Modal
      open
      title={`Erase ${email}?`}
      okText="Erase"
      cancelText="Cancel"
      okButtonProps={{ danger: true, disabled: !confirmsErasure(email, typed) }}
      confirmLoading={erase.isPending}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>
          Their name, e-mail address, phone and notes become a pseudonym everywhere; their analytics events, consent answers and sign-in
          links are deleted, and the address is never mailed again. Amounts, dates and order numbers stay for the accounts. This cannot be
          undone.
        </Typography.Paragraph>
        <label htmlFor={inputId}>
          Type <strong>{GUEST_ERASE_WORD}</strong> or the guest&apos;s e-mail address to confirm
        </label>
        <Input id={inputId} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" maxLength={254} />
        {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
      </Flex>
    </Modal>
  );
}
