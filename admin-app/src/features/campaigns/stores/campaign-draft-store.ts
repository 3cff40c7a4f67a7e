import { create } from 'zustand';
import type { CampaignAudience } from '@festival/contracts';
import { FESTIVAL_TEMPLATE } from '../lib/festival-template';

export interface DraftImage {
  id: string;
  name: string;
  /** `data:image/...;base64,...` */
  dataUrl: string;
  size: number;
}

export interface CampaignDraft {
  name: string;
  subject: string;
  content: string;
  /** Who it goes to: the guests who agreed to news (the default), or the list in `recipientsText`. */
  audience: CampaignAudience;
  recipientsText: string;
  images: DraftImage[];
}

interface CampaignDraftState extends CampaignDraft {
  dialogOpen: boolean;
  openDialog(): void;
  closeDialog(): void;
  update(patch: Partial<Omit<CampaignDraft, 'images'>>): void;
  addImages(images: DraftImage[]): void;
  removeImage(id: string): void;
  /** Back to a fresh draft with the festival template. */
  reset(): void;
}

const freshDraft = (): CampaignDraft => ({
  name: '',
  subject: '',
  content: FESTIVAL_TEMPLATE,
  audience: 'agreed',
  recipientsText: '',
  images: [],
});

/**
 * The campaign being written. It outlives the dialog, so Cancel keeps the work; a successful
 * create resets it.
 */
export const useCampaignDraftStore = create<CampaignDraftState>()((set) => ({
  ...freshDraft(),
  dialogOpen: false,
  openDialog: () => set({ dialogOpen: true }),
  closeDialog: () => set({ dialogOpen: false }),
  update: (patch) => set(patch),
  addImages: (images) => set((state) => ({ images: [...state.images, ...images] })),
  removeImage: (id) => set((state) => ({ images: state.images.filter((image) => image.id !== id) })),
  reset: () => set(freshDraft()),
}));
