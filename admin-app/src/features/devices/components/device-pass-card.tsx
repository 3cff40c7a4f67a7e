import { Button, Flex, Input, Typography } from 'antd';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { DEVICE_PASS_TTL_HOURS, type CreatedStaffDevice } from '@festival/contracts';
import { useToast } from '#shared/toast/use-toast.ts';

/** A new device's pass: the link and its QR code, to open on the phone. Shown once. */
export function DevicePassCard({ created }: { created: CreatedStaffDevice }) {
  const url = `${window.location.origin}${created.passPath}`;
  const [qr, setQr] = useState<string>();
  const toast = useToast();

  useEffect(() => {
    let current = true;
    toDataURL(url, { width: 240, margin: 1, errorCorrectionLevel: 'M' }).then(
      (data) => current && setQr(data),
      () => current && setQr(undefined),
    );
    return () => {
      current = false;
    };
  }, [url]);

  return (
    <Flex vertical gap={12} align="center" role="group" aria-label={`Pass for ${created.device.name}`}>
      <Typography.Text>
        Open this on <strong>{created.device.name}</strong> ({created.device.role}): scan the code or send the link. It signs in one device
        once, and expires after {DEVICE_PASS_TTL_HOURS} hours if unused. It is shown only now.
      </Typography.Text>
      {qr ? (
        <img src={qr} width={240} height={240} alt={`QR code of the pass for ${created.device.name}`} />
      ) : (
        <div style={{ width: 240, height: 240 }} aria-hidden="true" />
      )}
      <Flex gap={8} style={{ width: '100%' }}>
        <Input readOnly value={url} aria-label="Pass link" onFocus={(event) => event.target.select()} />
        <Button
          onClick={() =>
            void navigator.clipboard.writeText(url).then(
              () => toast.success('Copied!', 'The pass link is on the clipboard.'),
              () => toast.error('Error', 'The link could not be copied; select it and copy it by hand.'),
            )
          }
        >
          Copy link
        </Button>
      </Flex>
    </Flex>
  );
}
