// The accent colour: a colour picker and the same colour as text (any CSS hex), with a preview of the shade
// each theme will use for links (contracts/accent.ts) on that theme's background. The preview is drawn in
// SVG: its colours are attributes, which the strict CSP (no inline styles) allows before hydration too.
import { accentShades, HEX_COLOR_MAX, isHexColor, opaqueHex, THEME_BACKGROUNDS, worstContrast, type ThemeName } from '../../../../contracts/accent';
import { Field } from '../../../components/form-field';

const THEME_LABELS: Record<ThemeName, string> = { light: 'Light theme', dark: 'Dark theme' };

function ShadePreview({ theme, shade }: { theme: ThemeName; shade: string }) {
  const background = THEME_BACKGROUNDS[theme][0]!;
  const ratio = worstContrast(shade, theme).toFixed(2);
  return (
    <figure className="accent-preview">
      <svg viewBox="0 0 260 48" role="img" aria-label={`${THEME_LABELS[theme]}: links in ${shade} on ${background}`}>
        <rect width="260" height="48" rx="8" fill={background} />
        <rect x="12" y="12" width="24" height="24" rx="4" fill={shade} />
        <text x="48" y="30" fill={shade} fontSize="16" textDecoration="underline">
          Sample link text
        </text>
      </svg>
      <figcaption>
        {THEME_LABELS[theme]}: <code>{shade}</code>, contrast {ratio}:1
      </figcaption>
    </figure>
  );
}

interface Props {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

export function AccentField({ value, onChange, error }: Props) {
  const valid = isHexColor(value.trim());
  const shades = valid ? accentShades(value.trim()) : null;
  return (
    <Field
      name="accentColor"
      label="Accent colour"
      error={error}
      hint="Any colour, as a hex code such as #2563eb. Byline uses a darker or lighter shade of it where a theme needs one for readable links."
      after={
        shades ? (
          <div className="accent-previews" aria-live="polite">
            <ShadePreview theme="light" shade={shades.light.text} />
            <ShadePreview theme="dark" shade={shades.dark.text} />
          </div>
        ) : null
      }
    >
      {(control) => (
        <div className="inline-row">
          <input
            type="color"
            className="accent-picker"
            aria-label="Pick the accent colour"
            value={valid ? opaqueHex(value.trim()) : '#000000'}
            onChange={(e) => onChange(e.target.value)}
          />
          <input {...control} type="text" value={value} maxLength={HEX_COLOR_MAX} autoCapitalize="off" spellCheck={false} onChange={(e) => onChange(e.target.value)} />
        </div>
      )}
    </Field>
  );
}
