import { Button, Flex, Input, Modal, Radio } from 'antd';
import { useState, type FormEvent } from 'react';
import type { CreatedStaffDevice, DeviceRole } from '@festival/contracts';
import { errorMessage } from '#shared/api/error-message.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { useAddDevice } from '../api/add-device';
import { DevicePassCard } from './device-pass-card';

/** `Add device`: a name and a role, then the device's pass. */
export function AddDeviceDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [name, setName] = useState('');
  const [role, setRole] = useState<DeviceRole>('door');
  const [created, setCreated] = useState<CreatedStaffDevice>();
  const add = useAddDevice();
  const toast = useToast();

  /** Once the dialog has closed (not while it fades, which would flash the form again). */
  function reset() {
    setName('');
    setRole('door');
    setCreated(undefined);
    add.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || add.isPending) return;
    add.mutate(
      { name: name.trim(), role },
      {
        onSuccess: setCreated,
        onError: (error) => toast.error('Error', errorMessage(error, 'Failed to add the device')),
      },
    );
  }

  return (
    <Modal
      open={open}
      title={created ? `Pass for ${created.device.name}` : 'Add device'}
      onCancel={onClose}
      afterClose={reset}
      footer={null}
      destroyOnHidden
    >
      {created ? (
        <Flex vertical gap={16}>
          <DevicePassCard created={created} />
          <Button type="primary" onClick={onClose}>
            Done
          </Button>
        </Flex>
      ) : (
        <form onSubmit={submit}>
          <Flex vertical gap={16}>
            <Flex vertical gap={6}>
              <label htmlFor="device-name" style={{ fontWeight: 600 }}>
                Device name
              </label>
              <Input
                id="device-name"
                value={name}
                maxLength={60}
                placeholder="Door 1"
                onChange={(e) => setName(e.target.value)}
                autoFocus
              />
            </Flex>
            <Flex vertical gap={6}>
              <span id="device-role" style={{ fontWeight: 600 }}>
                Role
              </span>
              <Radio.Group
                aria-labelledby="device-role"
                value={role}
                onChange={(e) => setRole(e.target.value as DeviceRole)}
                options={[
                  { value: 'door', label: 'Door (check-in)' },
                  { value: 'bar', label: 'Bar (queue, tabs, stock)' },
                ]}
              />
            </Flex>
            <Flex gap={8} justify="end">
              <Button onClick={onClose}>Cancel</Button>
              <Button type="primary" htmlType="submit" disabled={!name.trim() || add.isPending} loading={add.isPending}>
                Add device
              </Button>
            </Flex>
          </Flex>
        </form>
      )}
    </Modal>
  );
}
