import {
  type CreateSignalAlertRequest,
  SignalAlertListSchema,
  SignalAlertSchema,
  SignalInstrumentsSchema,
  SignalListSchema,
} from '@candor/contracts/signals';
import type { SignalInterval } from '@candor/domain/plans/plan-kinds';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiSend } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The signals list on one interval (without one: the plan's first). 403 = no active signal plan. */
export function signalsQuery(interval: SignalInterval | undefined) {
  return queryOptions({
    queryKey: queryKeys.signals(interval ?? 'default'),
    queryFn: ({ signal }) =>
      apiRequest(interval ? `/api/signals?interval=${interval}` : '/api/signals', SignalListSchema, {
        signal,
      }),
    // A rating changes when a candle closes: a minute is fresh enough.
    refetchInterval: 60_000,
    retry: false,
  });
}

export const signalAlertsQuery = queryOptions({
  queryKey: queryKeys.signalAlerts,
  queryFn: ({ signal }) => apiRequest('/api/signal-alerts', SignalAlertListSchema, { signal }),
  refetchInterval: 60_000,
  retry: false,
});

export function saveSignalInstruments(symbols: readonly string[]) {
  return apiRequest('/api/signals/instruments', SignalInstrumentsSchema, {
    method: 'PUT',
    body: { symbols },
  });
}

export function createSignalAlert(request: CreateSignalAlertRequest) {
  return apiRequest('/api/signal-alerts', SignalAlertSchema, { method: 'POST', body: request });
}

export function deleteSignalAlert(id: string) {
  return apiSend(`/api/signal-alerts/${id}`, { method: 'DELETE' });
}
