// The settings screen's one write.
import type { AdminSettings, SettingsPatch } from '../../../../contracts/settings';
import type { ApiClients } from '../../../lib/api-client';

/** `PATCH /api/admin/settings`: the changed fields; the answer is every setting as saved. */
export const saveSettings = (api: ApiClients, patch: SettingsPatch): Promise<AdminSettings> =>
  api.private.request<AdminSettings>('PATCH', '/api/admin/settings', patch);
