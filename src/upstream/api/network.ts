/** TV networks: details, alternative names and logos. */
import type { AlternativeName, Logos } from './company.ts';
import { resource } from './define.ts';
import type { IdResults } from './wire.ts';

/** A network as series details embed it. */
export interface NetworkSummary {
  id: number;
  name: string;
  logo_path: string | null;
  origin_country: string;
}

export interface NetworkDetails extends NetworkSummary {
  headquarters: string;
  homepage: string;
}

export type NetworkAlternativeNames = IdResults<AlternativeName>;

type NetworkKey = { networkId: number };

export const networkResources = {
  network: resource<NetworkKey, NetworkDetails>((p) => ({ path: ['network', p.networkId] })),
  networkAlternativeNames: resource<NetworkKey, NetworkAlternativeNames>((p) => ({
    path: ['network', p.networkId, 'alternative_names'],
  })),
  networkImages: resource<NetworkKey, Logos>((p) => ({ path: ['network', p.networkId, 'images'] })),
};
