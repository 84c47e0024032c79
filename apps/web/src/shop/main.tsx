/** @jsxImportSource preact */
import { render } from 'preact';
import { App } from './app';
import './styles.css';

/** The public storefront (issue 15): its own small bundle (shop.html, vite.shop.config.ts), no React. */
const root = document.getElementById('shop');
if (root) render(<App />, root);
