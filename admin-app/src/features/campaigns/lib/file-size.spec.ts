import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('shows bytes, then KB and MB with one decimal', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1.0 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024 + 200 * 1024)).toBe('5.2 MB');
  });
});
