/**
 * Links a brand sends (website, terms, FAQ, balance enquiry, redemption instructions), vetted by the
 * same rule the shells use before handing a URL to the system browser (shared/security/external-url):
 * the renderer makes an openable one a link (opened in a new tab, which Electron turns into the
 * system browser) and shows any other as text with the reason.
 */
import { vetExternalUrl, type VettedUrl } from '../../../shared/security/external-url';

export type BrandLink = VettedUrl;

export function vetLink(raw: string): BrandLink {
  return vetExternalUrl(raw);
}
