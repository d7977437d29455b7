import { describe, expect, it } from 'vitest';
import { fitViewport, MIN_VIEWPORT_WIDTH } from '../src/app/viewport.ts';

function page() {
  document.head.innerHTML =
    '<meta name="viewport" content="width=device-width, initial-scale=1" />';
  return () => document.querySelector('meta[name="viewport"]')!.getAttribute('content');
}

describe('the viewport on phones', () => {
  it('lays a screen narrower than 558 px out at 558 px, scaled to fit', () => {
    const content = page();
    fitViewport(document, 390);
    expect(content()).toBe(`width=${MIN_VIEWPORT_WIDTH}`);
  });

  it('keeps the device width from 558 px up, and again once a phone turns wide', () => {
    const content = page();
    fitViewport(document, 558);
    expect(content()).toBe('width=device-width, initial-scale=1');
    fitViewport(document, 390);
    fitViewport(document, 844);
    expect(content()).toBe('width=device-width, initial-scale=1');
  });
});
