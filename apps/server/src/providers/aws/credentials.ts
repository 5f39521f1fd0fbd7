import type { UpstreamTarget } from '../adaptor.js';

export interface AwsCredentials {
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * The channel's static AWS credentials: the config fields `region`, `ak` and `sk` of the channel form,
 * or else the channel key as `ak|sk|region`, which is how one-api's console composes it.
 */
export function credentialsOf(target: UpstreamTarget): AwsCredentials | undefined {
  const [keyAk = '', keySk = '', keyRegion = ''] = target.key.split('|').map((part) => part.trim());
  const fromKey = target.key.includes('|');
  const accessKeyId = target.config.ak?.trim() || (fromKey ? keyAk : '');
  const secretAccessKey = target.config.sk?.trim() || (fromKey ? keySk : '');
  const region = target.config.region?.trim() || (fromKey ? keyRegion : '');
  if (!accessKeyId || !secretAccessKey || !region) return undefined;
  return { region, accessKeyId, secretAccessKey };
}
