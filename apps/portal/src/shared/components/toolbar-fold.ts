import { createContext, useContext } from 'react';

/**
 * How much the toolbar folds for its width (docs/portal-shell.md "The toolbar"): `none` shows
 * everything in one row; `tools` puts the secondary tools into the More menu; `icons` also shows the
 * promotion buttons as icons; `rows` also puts the money (promotions and balance) in a row of its own.
 */
export type ToolbarFold = 'none' | 'tools' | 'icons' | 'rows';

export const ToolbarFoldContext = createContext<ToolbarFold>('none');

export const useToolbarFold = () => useContext(ToolbarFoldContext);
