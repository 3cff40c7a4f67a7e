import jsQR from 'jsqr';
import type { QrDetector } from './qr-detector';

/**
 * jsQR over a canvas the video frame is drawn to (browsers without BarcodeDetector, such as
 * Safari on iPhone). About 30 ms a frame on a laptop; the scanner asks for one every 150 ms.
 */
export function jsqrQrDetector(): QrDetector {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    // Printed and on-screen tickets are dark on light: the inverted pass would only double the work.
    return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}
