// The site's logo or icon: an image uploaded through the shared upload (the icon also yields /favicon.ico,
// /apple-touch-icon.png and /site.webmanifest); emptied, the site has none.
import { ImageUrlField } from '../../../components/image-url-field';
import { useApi } from '../../../lib/api-context';
import { useImageUpload } from '../../../lib/use-image-upload';

const LABELS = { logo: 'Logo', icon: 'Icon' } as const;

interface Props {
  which: keyof typeof LABELS;
  value: string;
  onChange: (url: string) => void;
  error?: string;
}

export function SiteImageField({ which, value, onChange, error }: Props) {
  const upload = useImageUpload(useApi().private);
  return (
    <ImageUrlField
      id={`field-${which}`}
      name={which}
      label={LABELS[which]}
      value={value}
      onChange={onChange}
      error={error}
      upload={upload}
      uploadLabel={`Upload ${LABELS[which].toLowerCase()}`}
      preview={{ alt: `${LABELS[which]} preview`, className: 'site-image-preview', size: 64 }}
    />
  );
}
