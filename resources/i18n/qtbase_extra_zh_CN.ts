<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<!-- Qt's own dialog texts that Qt's qtbase_zh_CN.qm (shipped with PySide6) lacks: since Qt 6
     these labels carry a shortcut ("&Look in:") and the Chinese file still translates the old
     texts ("Look in:"); the file type column's words moved to QAbstractFileIconProvider. A text field's
     "Undo" reads 撤销 as in the app's own Edit menu (Qt's file: 撤消). Written by hand, compiled by tools/build_translations.py, loaded after
     qtbase_zh_CN by app/i18n.py; tests/test_qt_chinese.py finds any Qt dialog text still in
     English. The translations follow qtbase_zh_CN's own for the texts without "&". -->
<TS version="2.1" language="zh_CN">
<context>
    <name>QAbstractFileIconProvider</name>
    <message>
        <source>Drive</source>
        <translation>驱动器</translation>
    </message>
    <message>
        <source>Folder</source>
        <comment>All other platforms</comment>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <comment>All other platforms</comment>
        <translation>快捷方式</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>未知</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>QPrintSettingsOutput</name>
    <message>
        <source>Page &amp;Set:</source>
        <translation>页面组(&amp;S)：</translation>
    </message>
</context>
<context>
    <name>QPageSetupWidget</name>
    <message>
        <source>Page &amp;order:</source>
        <translation>页面顺序(&amp;O)：</translation>
    </message>
    <message>
        <source>Pages &amp;per sheet:</source>
        <translation>每张页数(&amp;P)：</translation>
    </message>
</context>
<context>
    <name>QLineEdit</name>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
</context>
<context>
    <name>QWidgetTextControl</name>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
</context>
</TS>
