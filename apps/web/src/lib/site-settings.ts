import { firstScreenReads } from '@candor/contracts/first-screen';
import { PublicSettingsSchema } from '@candor/contracts/site-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readAnsweredInPage } from './api.ts';
import { queryKeys } from './query-keys.ts';

export const settingsQuery = queryOptions({
  queryKey: queryKeys.settings,
  ...readAnsweredInPage(firstScreenReads.settings, PublicSettingsSchema),
  staleTime: 5 * 60_000,
});

export function useSiteSettings() {
  return useQuery(settingsQuery).data;
}

/** Keeps the tab's title and icon in step with the site settings. */
export function useDocumentBranding(pageTitle?: string): void {
  const settings = useSiteSettings();
  const siteName = settings?.siteName ?? 'Candor';
  const favicon = settings?.faviconUrl;
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${siteName}` : siteName;
  }, [pageTitle, siteName]);
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    const href = favicon ?? '/favicon.svg';
    // Setting the same address again makes the browser fetch the icon a second time.
    if (link && link.getAttribute('href') !== href) link.href = href;
  }, [favicon]);
}
