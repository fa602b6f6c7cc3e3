import { SERVICE_PREFIX, type Service } from './service.ts';

/** Quality-logo images the footer content names (docs/footer.md#images-and-icons). */
export const footerImagesService = {
  base: `${SERVICE_PREFIX}/footer-images`,
  calls: { logo: { method: 'GET', path: '/logos/:file' } },
} as const satisfies Service;
