// The site's time zone: typed or picked from the zones this browser knows (any IANA name the Worker's
// rule accepts is taken, `UTC` included, which the browser's list leaves out).
import { useEffect, useState } from 'react';
import { FormField } from '../../../components/form-field';

const ZONES_LIST_ID = 'time-zones';

/** The IANA zones of this runtime, `UTC` first; none where Intl cannot list them. */
function knownTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

interface Props {
  name: string;
  value: string;
  error?: string;
  onChange: (e: { target: { value: string } }) => void;
}

export function TimeZoneField(props: Props) {
  // Listed after hydration: the Worker's and the browser's lists of zones may differ.
  const [zones, setZones] = useState<string[]>([]);
  useEffect(() => setZones(knownTimeZones()), []);
  return (
    <FormField
      label="Time zone"
      list={ZONES_LIST_ID}
      autoCapitalize="off"
      spellCheck={false}
      hint="Where the site's dates are told, such as Europe/Berlin or America/New_York."
      after={
        <datalist id={ZONES_LIST_ID}>
          {zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      }
      {...props}
    />
  );
}
