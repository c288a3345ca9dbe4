import { describe, expect, it } from 'vitest';
import { BASE_Z_INDEX } from '#shared/constants.ts';
import { installLayers, layerVariables } from './layers.ts';

describe('overlay layers (spec §9 base z-index 2000)', () => {
  it("starts antd-mobile's mask, popup, dialog and modal at the base z-index", () => {
    expect(BASE_Z_INDEX).toBe(2000);
    const vars = layerVariables();
    for (const name of [
      '--adm-mask-z-index',
      '--adm-popup-z-index',
      '--adm-center-popup-z-index',
      '--adm-dialog-z-index',
      '--adm-modal-z-index',
    ]) {
      expect(vars[name]).toBe('2000');
    }
  });

  it('puts toasts above the layers, so a toast from an open popup stays visible', () => {
    expect(Number(layerVariables()['--app-toast-z-index'])).toBeGreaterThan(2000 + 10);
  });

  it('sets the variables on the document root', () => {
    installLayers();
    expect(document.documentElement.style.getPropertyValue('--adm-popup-z-index')).toBe('2000');
  });
});
