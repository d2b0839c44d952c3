import {
  AdminSettingsSchema,
  type UpdateSiteSettingsRequest,
  UpdateSiteSettingsResponseSchema,
} from '@candor/contracts/settings';
import { SiteSettingsSchema } from '@candor/contracts/site-settings';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * Every setting, with the four-eyes threshold and the change of it waiting for a second approval
 * (staff with settings.manage; the Settings tab).
 */
export const adminSettingsQuery = queryOptions({
  queryKey: queryKeys.adminSettings,
  queryFn: ({ signal }) => apiRequest('/api/admin/settings', AdminSettingsSchema, { signal }),
});

/** Saves the settings; the answer says whether a change of the threshold applied or waits. */
export function updateSiteSettings(body: UpdateSiteSettingsRequest) {
  return apiRequest('/api/admin/settings', UpdateSiteSettingsResponseSchema, { method: 'PUT', body });
}

export function uploadFavicon(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiRequest('/api/admin/settings/favicon', SiteSettingsSchema, { method: 'POST', form });
}
