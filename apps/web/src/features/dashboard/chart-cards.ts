import { lazyCard } from '@/components/lazy-card';

/*
 * The dashboard's cards that draw with recharts. Loaded apart, recharts and its d3 modules (about 400 kB
 * minified) go to a chunk the cards share instead of the dashboard page's, which Vite warned was over 500 kB;
 * the page's frame, range picker and figures show while the charts arrive.
 */
export const TrendChart = lazyCard(() => import('./components/trend-chart').then((m) => m.TrendChart));
export const ModelUsageChart = lazyCard(() => import('./components/model-usage-chart').then((m) => m.ModelUsageChart));
export const SeriesCard = lazyCard(() => import('./analytics/series-card').then((m) => m.SeriesCard));
export const TopCard = lazyCard(() => import('./analytics/top-card').then((m) => m.TopCard));
export const ChannelHealthCard = lazyCard(() => import('./analytics/channel-health-card').then((m) => m.ChannelHealthCard));
