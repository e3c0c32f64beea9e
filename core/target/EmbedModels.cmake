# Embeds core/target/models/*.json into tilesched_target as raw string literals (SPEC §3: the
# built-in models are data). Editing a model file re-runs this step.
file(GLOB tilesched_models CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/models/*.json)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${tilesched_models})
set(TILESCHED_EMBEDDED_MODELS "")
foreach(model ${tilesched_models})
  get_filename_component(model_name ${model} NAME_WE)
  file(READ ${model} model_text)
  # Indentation is not data: a JSON string holds no raw newline, so a newline's leading spaces are
  # outside every string. Lines stay where they are (a diagnostic's line still points into the file).
  string(REGEX REPLACE "\n +" "\n" model_text "${model_text}")
  string(FIND "${model_text}" ")tsjson\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${model} contains the raw-string delimiter )tsjson\"")
  endif()
  string(APPEND TILESCHED_EMBEDDED_MODELS "    {\"${model_name}\", R\"tsjson(${model_text})tsjson\"},\n")
endforeach()
configure_file(${CMAKE_CURRENT_LIST_DIR}/EmbeddedModels.cpp.in
               ${CMAKE_BINARY_DIR}/generated/target/EmbeddedModels.cpp @ONLY)
target_sources(tilesched_target PRIVATE ${CMAKE_BINARY_DIR}/generated/target/EmbeddedModels.cpp)
