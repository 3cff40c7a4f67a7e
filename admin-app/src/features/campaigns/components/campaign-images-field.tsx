import { Button, Flex, Typography } from 'antd';
import { useRef } from 'react';
import { palette } from '#shared/theme/admin-theme.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { formatFileSize } from '../lib/file-size';
import { imageTag } from '../lib/image-tag';
import { readAsDataUrl } from '../lib/read-file';
import { useCampaignDraftStore, type DraftImage } from '../stores/campaign-draft-store';

let nextImageId = 0;

/** Images for the e-mail: each with a preview, its size, Copy Code (an image tag) and Remove. */
export function CampaignImagesField() {
  const images = useCampaignDraftStore((s) => s.images);
  const addImages = useCampaignDraftStore((s) => s.addImages);
  const removeImage = useCampaignDraftStore((s) => s.removeImage);
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();

  async function onFiles(files: File[]) {
    const usable = files.filter((file) => file.type.startsWith('image/'));
    if (usable.length < files.length) toast.error('Invalid file', 'Please upload only image files');
    const read: DraftImage[] = await Promise.all(
      usable.map(async (file) => ({
        id: `image-${(nextImageId += 1)}`,
        name: file.name,
        size: file.size,
        dataUrl: await readAsDataUrl(file),
      })),
    );
    if (read.length > 0) addImages(read);
  }

  async function copy(image: DraftImage) {
    try {
      await navigator.clipboard.writeText(imageTag(image));
      toast.success('Copied!', 'Paste the image tag into the email content where the image should go.');
    } catch {
      toast.error('Error', 'The browser did not allow copying to the clipboard.');
    }
  }

  return (
    <Flex vertical gap={8}>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        style={{ display: 'none' }}
        aria-label="Image files"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) void onFiles(files);
        }}
      />
      <div>
        <Button onClick={() => input.current?.click()}>Choose Images</Button>
      </div>
      {images.length > 0 ? (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }} aria-label="Email images">
          {images.map((image) => (
            <li key={image.id}>
              <Flex
                align="center"
                gap={12}
                style={{ padding: 8, border: `1px solid ${palette.border}`, borderRadius: 8, background: palette.white }}
              >
                <img
                  src={image.dataUrl}
                  alt={`Preview of ${image.name}`}
                  width={56}
                  height={56}
                  style={{ objectFit: 'cover', borderRadius: 6, flex: 'none' }}
                />
                <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                  <Typography.Text ellipsis={{ tooltip: image.name }} strong>
                    {image.name}
                  </Typography.Text>
                  <Typography.Text type="secondary">{formatFileSize(image.size)}</Typography.Text>
                </Flex>
                <Button size="small" onClick={() => void copy(image)} aria-label={`Copy Code for ${image.name}`}>
                  Copy Code
                </Button>
                <Button size="small" danger onClick={() => removeImage(image.id)} aria-label={`Remove ${image.name}`}>
                  Remove
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      ) : null}
    </Flex>
  );
}
