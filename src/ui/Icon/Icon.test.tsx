// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { Icon } from './Icon.tsx';
import { iconNames, isIconName } from '../../shared/iconNames.ts';

afterEach(cleanup);
const sprite = readFileSync(path.resolve(import.meta.dirname, '../../../public/icons.svg'), 'utf8');

describe('Icon', () => {
  test('the sprite holds exactly the listed icons', () => {
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual([...iconNames]);
  });

  test('the sprite is plain drawing: no script, no style, no event handlers, no external references', () => {
    expect(sprite).not.toMatch(/<script|<style|\son\w+=|xlink:href|href=/i);
  });

  test('is decorative by default, 16 px, pointing into the sprite', () => {
    const { container } = render(<Icon name="cart" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('width')).toBe('16');
    expect(svg.getAttribute('height')).toBe('16');
    expect(svg.querySelector('use')!.getAttribute('href')).toBe('/icons.svg#cart');
  });

  test('size and scale set the edge; a label makes it a named image', () => {
    const { container } = render(<Icon name="heart" size={24} scale={1.5} label="Merkzettel" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('width')).toBe('36');
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toBe('Merkzettel');
    expect(svg.hasAttribute('aria-hidden')).toBe(false);
  });

  test('currentColor=false switches to the accent colour class', () => {
    const { container } = render(<Icon name="info" size={12} currentColor={false} />);
    expect(container.querySelector('svg')!.getAttribute('class')).toContain('ui-icon--accent');
    expect(container.querySelector('svg')!.getAttribute('width')).toBe('12');
  });

  test('isIconName tells sprite names from unknown CMS values', () => {
    expect(isIconName('truck')).toBe(true);
    expect(isIconName('unicorn')).toBe(false);
  });
});
