// ZXing's QR reader alone, by its modules' paths: the package's index would bring every format.
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource';
import type { QrDetector } from './qr-detector';

/** Grey levels of an RGBA frame (the green-heavy average ZXing itself uses). */
function luminances({ data, width, height }: ImageData): Uint8ClampedArray {
  const grey = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; i < grey.length; i += 1, p += 4) grey[i] = (data[p] + 2 * data[p + 1] + data[p + 2]) >> 2;
  return grey;
}

/** ZXing's QR reader over a canvas the video frame is drawn to (browsers without BarcodeDetector). */
export function zxingQrDetector(): QrDetector {
  const reader = new QRCodeReader();
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    try {
      const source = new RGBLuminanceSource(luminances(frame), frame.width, frame.height);
      return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
    } catch {
      // NotFoundException (no code in this frame), and checksum or format errors alike.
      return null;
    } finally {
      reader.reset();
    }
  };
}
