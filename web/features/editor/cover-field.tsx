// A post's cover (decision 066): its address, uploaded or chosen from the media library; its alt text, or
// the explicit choice that it is decorative (alt="", and the pre-publish check asks for nothing). Alt text
// written for an image the library has none for is saved on the library's image too, as WordPress does for
// attachments, so the next post that uses it starts described.
import { useRef, useState } from 'react';
import { COVER_ALT_MAX } from '../../../contracts/limits';
import type { MediaItem } from '../../../contracts/media-library';
import { storedMediaKey } from '../../../contracts/responsive-images';
import { CheckboxField, FormField } from '../../components/form-field';
import { ImageUrlField } from '../../components/image-url-field';
import type { ApiClients } from '../../lib/api-client';
import { setMediaAlt } from '../../lib/media-api';
import type { ImageUpload } from '../../lib/use-image-upload';
import type { Draft } from './draft';
import { LibraryPicker } from './library-picker';


interface Props {
  api: ApiClients;
  draft: Pick<Draft, 'coverImage' | 'coverAlt' | 'coverDecorative'>;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  errors: Partial<Record<string, string>>;
  upload: ImageUpload;
  disabled: boolean;
}

/** A library image whose alt text the editor knows (just uploaded: none yet; picked: the library's). */
interface Known {
  url: string;
  alt: string;
}

export function CoverField({ api, draft, set, errors, upload, disabled }: Props) {
  const [browsing, setBrowsing] = useState(false);
  const [known, setKnown] = useState<Known | null>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  // The picker gone, the keyboard carries on from the button that opened it.
  const closePicker = () => {
    setBrowsing(false);
    requestAnimationFrame(() => chooseButton.current?.focus());
  };
  const hasCover = draft.coverImage.trim() !== '';

  function pick(item: MediaItem) {
    closePicker();
    set('coverImage', item.url);
    setKnown({ url: item.url, alt: item.alt });
    // The library's description replaces what was typed for another image; none leaves the field alone.
    if (item.alt !== '') {
      set('coverAlt', item.alt);
      set('coverDecorative', false);
    }
  }

  /** Alt text written for a library image that has none goes onto it; a failure only leaves the library as it was. */
  function describeInLibrary() {
    const alt = draft.coverAlt.trim();
    if (!known || known.url !== draft.coverImage || known.alt !== '' || alt === '' || draft.coverDecorative) return;
    setKnown({ ...known, alt });
    setMediaAlt(api, storedMediaKey(known.url), alt).catch(() => setKnown(known));
  }

  return (
    <>
      <ImageUrlField
        id="post-cover"
        name="coverImage"
        label="Cover image URL"
        value={draft.coverImage}
        onChange={(url) => set('coverImage', url)}
        error={errors.coverImage}
        upload={{
          ...upload,
          upload: async (file) => {
            const url = await upload.upload(file);
            if (url) setKnown({ url, alt: '' });
            return url;
          },
        }}
        disabled={disabled}
        preview={{ alt: 'Cover preview', className: 'cover-preview' }}
        actions={
          <button ref={chooseButton} type="button" onClick={() => setBrowsing(true)} disabled={disabled || browsing} aria-expanded={browsing}>
            Choose from library
          </button>
        }
      />
      {browsing ? <LibraryPicker id="cover-library" title="Choose a cover from the library" onPick={pick} onClose={closePicker} /> : null}
      {hasCover ? (
        <>
          <FormField
            id="post-cover-alt"
            label="Alt text"
            name="coverAlt"
            maxLength={COVER_ALT_MAX}
            hint="What the cover shows, for readers who cannot see it."
            value={draft.coverDecorative ? '' : draft.coverAlt}
            onChange={(e) => set('coverAlt', e.target.value)}
            onBlur={describeInLibrary}
            disabled={draft.coverDecorative}
            error={errors.coverAlt}
          />
          <CheckboxField
            id="post-cover-decorative"
            label="Decorative image (no alt text)"
            name="coverDecorative"
            checked={draft.coverDecorative}
            onChange={(e) => set('coverDecorative', e.target.checked)}
            error={errors.coverDecorative}
          />
        </>
      ) : null}
    </>
  );
}
