<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>ComparisonDialog</name>
    <message numerus="yes">
        <location filename="../../configurator/app/browser.py" line="467"/>
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n card</numerusform>
            <numerusform>%n cards</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConstraintsPage</name>
    <message numerus="yes">
        <location filename="../../configurator/app/wizard_result.py" line="58"/>
        <source> card(s)</source>
        <translation>
            <numerusform> card</numerusform>
            <numerusform> cards</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GraphicsQuestions</name>
    <message numerus="yes">
        <location filename="../../configurator/app/wizard_graphics.py" line="35"/>
        <source> user(s)</source>
        <translation>
            <numerusform> user</numerusform>
            <numerusform> users</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../configurator/app/wizard_graphics.py" line="51"/>
        <source> stream(s)</source>
        <translation>
            <numerusform> stream</numerusform>
            <numerusform> streams</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../configurator/app/wizard_graphics.py" line="70"/>
        <source> frame(s)</source>
        <translation>
            <numerusform> frame</numerusform>
            <numerusform> frames</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LoadPage</name>
    <message numerus="yes">
        <location filename="../../configurator/app/wizard_pages.py" line="367"/>
        <source> user(s) at once</source>
        <translation>
            <numerusform> user at once</numerusform>
            <numerusform> users at once</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../configurator/app/wizard_pages.py" line="374"/>
        <location filename="../../configurator/app/wizard_pages.py" line="376"/>
        <location filename="../../configurator/app/wizard_pages.py" line="378"/>
        <source> token(s)</source>
        <translation>
            <numerusform> token</numerusform>
            <numerusform> tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <location filename="../../configurator/app/main_window.py" line="434"/>
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n card</numerusform>
            <numerusform>%n cards</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RecommendationPanel</name>
    <message numerus="yes">
        <location filename="../../configurator/app/recommend_panel.py" line="234"/>
        <source>No card meets the constraints; %n card(s) left out.</source>
        <translation>
            <numerusform>No card meets the constraints; %n card left out.</numerusform>
            <numerusform>No card meets the constraints; %n cards left out.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SummaryPage</name>
    <message numerus="yes">
        <location filename="../../configurator/app/wizard_result.py" line="249"/>
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n card</numerusform>
            <numerusform>%n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../configurator/app/wizard_result.py" line="250"/>
        <source>%n server(s)</source>
        <translation>
            <numerusform>%n server</numerusform>
            <numerusform>%n servers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../configurator/app/wizard_result.py" line="277"/>
        <source>%n user(s) per card</source>
        <translation>
            <numerusform>%n user per card</numerusform>
            <numerusform>%n users per card</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../configurator/app/wizard_result.py" line="278"/>
        <source>%n stream(s) per card</source>
        <translation>
            <numerusform>%n stream per card</numerusform>
            <numerusform>%n streams per card</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../configurator/app/wizard_result.py" line="289"/>
        <source>%n copy(ies) of the model</source>
        <translation>
            <numerusform>%n copy of the model</numerusform>
            <numerusform>%n copies of the model</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../configurator/app/wizard_result.py" line="290"/>
        <source>%n sequence(s)</source>
        <translation>
            <numerusform>%n sequence</numerusform>
            <numerusform>%n sequences</numerusform>
        </translation>
    </message>
</context>
</TS>
