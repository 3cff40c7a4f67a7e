import { Button, Flex } from 'antd';
import { Notice } from '../components/panel';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TicketScanner } from '../lib/ticket-scanner';
import { createQrDetector } from './qr-detector';
import './qr-scanner.css';

type CameraState = 'off' | 'starting' | 'on' | 'denied' | 'unavailable';

/** A code seen again within this long is the same scan (the camera sees it every frame). */
const SAME_CODE_MS = 3_000;
const FRAME_MS = 150;

const CAMERA_TEXT: Partial<Record<CameraState, string>> = {
  denied: 'The camera is blocked: allow it in the browser’s site settings, or type the code.',
  unavailable: 'No camera could be opened on this device: type the code instead.',
};

/**
 * The rear camera reading QR codes continuously. `onCode` gets each code once (the same code is
 * ignored for 3 seconds). The camera starts on a tap (browsers ask for it on a user gesture, and
 * the tap also lets the page beep).
 */
export function QrScanner({ onCode, label = 'Start camera' }: { onCode: (text: string) => void; label?: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>('off');
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setState('off');
  }, []);

  const start = useCallback(async () => {
    setState('starting');
    try {
      const [media, detect] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
        createQrDetector(),
      ]);
      stream.current = media;
      const element = video.current;
      if (!element) return;
      element.srcObject = media;
      await element.play();
      setState('on');
      let last = { text: '', at: 0 };
      const tick = async () => {
        if (stream.current !== media) return;
        const text = element.readyState >= 2 ? await detect(element).catch(() => null) : null;
        if (text && (text !== last.text || Date.now() - last.at > SAME_CODE_MS)) {
          onCodeRef.current(text);
          last = { text, at: Date.now() };
        } else if (text) {
          last.at = Date.now();
        }
        setTimeout(() => void tick(), FRAME_MS);
      };
      void tick();
    } catch (error) {
      stream.current?.getTracks().forEach((track) => track.stop());
      stream.current = null;
      setState(error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'unavailable');
    }
  }, []);

  useEffect(() => () => stream.current?.getTracks().forEach((track) => track.stop()), []);

  return (
    <Flex vertical gap={8} className="qr-scanner">
      <video
        ref={video}
        className="qr-scanner__video"
        hidden={state !== 'on' && state !== 'starting'}
        muted
        playsInline
        aria-label="Camera"
      />
      {state === 'on' || state === 'starting' ? (
        <Button onClick={stop}>Stop camera</Button>
      ) : (
        <Button type="primary" size="large" onClick={() => void start()}>
          {label}
        </Button>
      )}
      {CAMERA_TEXT[state] ? <Notice type="warning" title={CAMERA_TEXT[state]} /> : null}
    </Flex>
  );
}

/** The camera as a staff screen's ticket scanner (the bar's `Complimentary Drinks`). */
export const CameraTicketScanner: TicketScanner = ({ onScan }) => <QrScanner onCode={onScan} label="Scan with camera" />;
