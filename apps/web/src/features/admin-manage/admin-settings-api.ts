import { SiteSettingsSchema, type UpdateSiteSettingsRequest } from '@candor/contracts/settings';
import { apiRequest } from '../../lib/api.ts';

export function updateSiteSettings(body: UpdateSiteSettingsRequest) {
  return apiRequest('/api/admin/settings', SiteSettingsSchema, { method: 'PUT', body });
}

export function uploadFavicon(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiRequest('/api/admin/settings/favicon', SiteSettingsSchema, { method: 'POST', form });
}
